"""Turntables (mall/turntable/index): above the declared list, the turntables to pick one of and edit its gifts
(newest first, the list's first 100); the list and the panel come in the resource screen's answer."""

from __future__ import annotations

from typing import Any

from bff.core_client import CoreClient
from bff.screens.resource import panel_of

CHOICES = 100


@panel_of("mall/turntable/index")
async def turntable_panel(core: CoreClient) -> dict[str, Any]:
    found = await core.get("/admin/turntable/list_data", params={
        "pageNum": "1", "pageSize": str(CHOICES), "orderByColumn": "id", "isAsc": "descending"})
    rows = found["data"]["data"]
    return {"kind": "turntable", "turntables": [{"id": r["id"], "name": r["name"], "shelf": r["shelf"]} for r in rows]}
