"""Parameters (config keys): read through a per-process cache that every change drops on every node."""

from __future__ import annotations

from core_api.platform import outbound
from core_api.platform.bus import InProcessBus, RabbitBus
from core_api.platform.errors import ServiceError
from core_api.platform.security import Authz
from core_api.system.config.models import SysConfig

CONFIG_CHANGED = "config.changed"
CAPTCHA_KEY = "sys.account.captchaEnabled"
QUERY_PERM = "system:config:query"
# Values shown only to holders of system:config:query, wherever parameters are listed or read.
SECRET_KEYS = frozenset({"sys.user.initPassword"})
# What the shell of a RuoYi-family console reads by key for anybody signed in; every other key read
# one at a time (configKey) needs system:config:query.
PUBLIC_KEYS = frozenset({"sys.index.skinName", "sys.index.sideTheme", CAPTCHA_KEY, "sys.account.registerUser"})


def check_production_value(env: str, key: str, value: str) -> None:
    """Production refuses to turn the captcha off through a parameter, as it refuses
    CONSOLE_CAPTCHA_ENABLED=false (only "true" counts as on, so only "true" is accepted)."""
    if env == "production" and key == CAPTCHA_KEY and value.strip().lower() != "true":
        raise ServiceError(f"生产环境不允许关闭验证码，参数【{CAPTCHA_KEY}】只能为 true")


def check_outbound_value(allow_text: str, key: str, value: str) -> None:
    """A parameter naming an address the console calls (the app server's webhook, the alarm channel) may not
    name an internal one (core_api/platform/outbound.py)."""
    if why := outbound.parameter_refusal(key, value, outbound.allow_list(allow_text)):
        raise ServiceError(why)


def effective_value(env: str, key: str, value: str | None) -> str | None:
    """What a parameter means here: in production the captcha is on whatever its row holds."""
    return "true" if env == "production" and key == CAPTCHA_KEY else value


def hidden_keys(authz: Authz) -> list[str]:
    """The parameters left out of the list, the export and the cache monitor for this caller."""
    return [] if authz.has_permi(QUERY_PERM) else sorted(SECRET_KEYS)


def may_read_key(authz: Authz, key: str) -> bool:
    """A read by key (configKey)."""
    return key in PUBLIC_KEYS or authz.has_permi(QUERY_PERM)


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

    async def fen(self, key: str, default: int) -> int:
        """A parameter holding an amount in fen (a second-approval threshold): ``default`` when unset or not a
        whole number."""
        value = (await self.get(key) or "").strip()
        return int(value) if value.isdigit() and len(value) <= 12 else default

    async def flag(self, key: str, default: bool = False) -> bool:
        value = await self.get(key)
        return default if value is None else value.strip().lower() == "true"

    def snapshot(self) -> dict[str, str | None]:
        return dict(self._cache)

    async def changed(self) -> None:
        """Call after any write to sys_config: drops the cache here and on every other node."""
        self._cache.clear()
        await self._bus.broadcast(CONFIG_CHANGED, {})
