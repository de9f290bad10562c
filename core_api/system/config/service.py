"""Parameters (config keys): read through a per-process cache that every change drops on every node."""

from __future__ import annotations

from core_api.platform.bus import InProcessBus, RabbitBus
from core_api.system.config.models import SysConfig

CONFIG_CHANGED = "config.changed"


class ConfigService:
    def __init__(self, bus: InProcessBus | RabbitBus) -> None:
        self._bus = bus
        self._cache: dict[str, str | None] = {}
        bus.on_broadcast(CONFIG_CHANGED, self._on_changed)

    async def _on_changed(self, _payload: dict) -> None:
        self._cache.clear()

    async def get(self, key: str) -> str | None:
        if key not in self._cache:
            rows = await SysConfig.filter(config_key=key).values_list("config_value", flat=True)
            self._cache[key] = rows[0] if rows else None  # type: ignore[assignment]
        return self._cache[key]

    async def flag(self, key: str, default: bool = False) -> bool:
        value = await self.get(key)
        return default if value is None else value.strip().lower() == "true"

    def snapshot(self) -> dict[str, str | None]:
        return dict(self._cache)

    async def changed(self) -> None:
        """Call after any write to sys_config: drops the cache here and on every other node."""
        self._cache.clear()
        await self._bus.broadcast(CONFIG_CHANGED, {})
