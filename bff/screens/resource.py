"""Every declared business resource's screen through one call: the resource's metadata (from the core,
kept a short while per view and language), a page of its list and the dictionaries its fields show.

The caller's list filters and paging are passed on as they came: by query to a GET list, as a JSON body
to a POST list (``meta.listMethod``). The core validates them, checks the caller's permission and scope. A list at a
``list_data`` path answers the business page, the others the table: the screen's ``page`` is the same for both.

A few views show a panel above their list (charts, a status's counts, a turntable's gifts): the screen module named
after that screen registers its loader here (``panel_of``) and the panel's data comes in the same answer."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient, CoreError
from bff.screens.system_shared import Dicts, fetch_dicts
from core_api.platform.api import Api, request_lang
from core_api.platform.contract import Envelope, ResourceMeta
from core_api.platform.contract.account import LoginChartsPanel
from core_api.platform.contract.mall import GroupBuyPanel, TurntablePanel
from core_api.platform.contract.points import PointsStatusPanel
from core_api.platform.envelope import ok, rows_of
from core_api.platform.paging import PARAMS_KEY
from core_api.platform.schema import Schema

api = Api("resource")

META_TTL = 30.0  # seconds: a declaration only changes with a deployment
VIEW_PATTERN = r"^[A-Za-z0-9_/-]{1,100}$"
_meta_cache: dict[tuple[str, str], tuple[float, dict[str, Any]]] = {}


class ResourceScreenQuery(Schema):
    """``view`` picks the resource; every other parameter (filters, ``pageNum``, ``pageSize``,
    ``orderByColumn``, ``isAsc``, ``begin<Field>``/``end<Field>``) goes to the resource's list."""

    view: str = Field(..., pattern=VIEW_PATTERN, title="页面")


class ResourcePage(Schema):
    rows: list[dict[str, Any]]
    total: int
    next: str | None = None  # the cursor of the page after this one (sought, not skipped): sent back as `after`


ResourcePanel = Annotated[LoginChartsPanel | GroupBuyPanel | TurntablePanel | PointsStatusPanel,
                          Field(discriminator="kind")]
PanelLoader = Callable[[CoreClient], Awaitable[dict[str, Any]]]
PANELS: dict[str, PanelLoader] = {}


def panel_of(view: str) -> Callable[[PanelLoader], PanelLoader]:
    """Registers the loader of the panel shown above ``view``'s list (one of ``ResourcePanel``)."""

    def register(loader: PanelLoader) -> PanelLoader:
        PANELS[view] = loader
        return loader

    return register


class ResourceScreen(Schema):
    meta: ResourceMeta
    page: ResourcePage
    dicts: Dicts
    panel: ResourcePanel | None = Field(None, description="the panel above the list, for the views that show one "
                                                          "(null when the caller may not read it)")


class ResourceScreenOut(Envelope):
    data: ResourceScreen


async def resource_meta(core: CoreClient, view: str, lang: str) -> dict[str, Any]:
    key = (view, lang)
    cached = _meta_cache.get(key)
    now = time.monotonic()
    if cached is not None and now - cached[0] < META_TTL:
        return cached[1]
    meta: dict[str, Any] = (await core.get("/admin/resources/meta", params={"view": view}))["data"]
    # a resource with a shop field answers the caller's own shop (ownShop): per caller, never cached
    if not any(f.get("kind") == "shop" for f in meta.get("fields", [])):
        _meta_cache[key] = (now, meta)
    return meta


def list_filters(request: web.Request) -> dict[str, str]:
    """The caller's parameters but ``view``, a ``params[x]`` key read as ``x``; empty boxes left out."""
    out: dict[str, str] = {}
    for key, value in request.query.items():
        if key == "view" or value == "":
            continue
        match = PARAMS_KEY.match(key)
        out.setdefault(match.group(1) if match else key, value)
    return out


@api.get("/bff/screens/resource", login_only=True, response=ResourceScreenOut,
         summary="A business resource's screen: its metadata, a page of its list and its dictionaries")
async def resource_screen(request: web.Request, core: CoreClient, query: ResourceScreenQuery) -> web.Response:
    meta = await resource_meta(core, query.view, request_lang(request))
    filters = list_filters(request)
    path = "/" + meta["listPath"]
    listing = (core.get(path, params=filters) if meta.get("listMethod") == "GET"
               else core.post(path, json=filters))
    rows, dicts, panel = await asyncio.gather(listing, fetch_dicts(core, *meta.get("dictTypes", [])),
                                              load_panel(core, query.view))
    return ok(data={"meta": meta, "page": rows_of(rows), "dicts": dicts, "panel": panel})


async def load_panel(core: CoreClient, view: str) -> dict[str, Any] | None:
    loader = PANELS.get(view)
    if loader is None:
        return None
    try:
        return await loader(core)
    except CoreError as exc:
        if exc.code == 403:  # the list without the panel: the caller holds the list's permission, not the panel's
            return None
        raise
