"""Category levels: the tree one or two levels deep, and the frames an organisation may go under, in one call."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.content import CategoryNode
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema

api = Api("content-category")


class CategoryLevelsQuery(Schema):
    depth: int = Field(2, ge=1, le=2, description="1: the roots; 2: the roots and their children")


class CategoryLevels(Schema):
    tree: list[CategoryNode]
    frames: list[CategoryNode] = Field(description="the frames (roots of kind frame): where an organisation goes")


class CategoryLevelsOut(Envelope):
    data: CategoryLevels


@api.get("/bff/screens/content/category-levels", login_only=True, response=CategoryLevelsOut,
         summary="Category levels: the tree one or two levels deep and the frames")
async def category_levels_screen(core: CoreClient, query: CategoryLevelsQuery) -> web.Response:
    tree, frames = await asyncio.gather(
        core.post("/admin/CommonCategory/v2/list", json={"depth": query.depth}),
        core.post("/admin/CommonCategory/v2/list", json={"depth": 1, "kind": "frame"}),
    )
    return ok(data={"tree": tree["data"], "frames": frames["data"]})
