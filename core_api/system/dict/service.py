"""Dictionary data read by type through a per-process cache that every change drops on every node."""

from __future__ import annotations

from typing import Any

from core_api.platform.bus import InProcessBus, RabbitBus
from core_api.platform.timefmt import fmt
from core_api.system.dict.models import SysDictData

DICT_CHANGED = "dict.changed"


def dict_data_view(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "dictCode": row["dict_code"], "dictSort": row["dict_sort"], "dictLabel": row["dict_label"],
        "dictLabelEn": row.get("dict_label_en"),
        "dictValue": row["dict_value"], "dictType": row["dict_type"], "cssClass": row["css_class"],
        "listClass": row["list_class"], "isDefault": row["is_default"], "status": row["status"],
        "remark": row["remark"], "createTime": fmt(row["create_time"]),
    }


class DictService:
    def __init__(self, bus: InProcessBus | RabbitBus) -> None:
        self._bus = bus
        self._cache: dict[str, list[dict[str, Any]]] = {}
        bus.on_broadcast(DICT_CHANGED, self._on_changed)

    async def _on_changed(self, _payload: dict) -> None:
        self._cache.clear()

    async def data_by_type(self, dict_type: str) -> list[dict[str, Any]]:
        """Enabled entries of one type in display order."""
        if dict_type not in self._cache:
            rows = await SysDictData.filter(dict_type=dict_type, status="0").order_by("dict_sort", "dict_code").values()
            self._cache[dict_type] = [dict_data_view(r) for r in rows]
        return self._cache[dict_type]

    def snapshot(self) -> dict[str, list[dict[str, Any]]]:
        return dict(self._cache)

    async def changed(self) -> None:
        self._cache.clear()
        await self._bus.broadcast(DICT_CHANGED, {})
