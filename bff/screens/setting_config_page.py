"""A configuration page (setting/*, content/about, consult/independence: one screen keyed by the page): the fields
its form is drawn from, the object as loaded (with its version) and its saved versions, in one call. The page's
fetch path comes with its metadata; the object and its history are then read together."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract.setting import ConfigPageQuery, ConfigPageScreenOut
from core_api.platform.envelope import ok
from core_api.platform.schema import refusal

api = Api("setting-config-page")


@api.get("/bff/screens/setting/config-page", login_only=True, response=ConfigPageScreenOut,
         summary="A configuration page by its key: its fields, its object (of a scope: the first by default) and "
                 "its saved versions")
async def config_page_screen(core: CoreClient, query: ConfigPageQuery) -> web.Response:
    base = f"/admin/config_page/{query.key}"
    meta = (await core.get(f"{base}/meta"))["data"]
    scope, params = None, {}
    if meta["scope"]:
        values = [option["value"] for option in meta["scope"]["options"]]
        scope = query.scope or values[0]
        if scope not in values:
            raise refusal("{field}的取值不正确", field=meta["scope"]["label"])
        params = {meta["scope"]["name"]: scope}
    loaded, history = await asyncio.gather(core.call(meta["getMethod"], meta["get"], params=params),
                                           core.get(f"{base}/history", params=params))
    return ok(data={"meta": meta, "scope": scope, "object": loaded["data"], "history": history["data"]})
