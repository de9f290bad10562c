"""Posts."""

from __future__ import annotations

from pydantic import Field

from bff.screens.system_shared import paged_screen
from core_api.platform.api import Api
from core_api.platform.contract.system import PostRow
from core_api.platform.paging import ListQuery

api = Api("system-post")


class PostScreenQuery(ListQuery):
    post_code: str | None = Field(None, max_length=64)
    post_name: str | None = Field(None, max_length=50)
    status: str | None = Field(None, pattern=r"^[01]$")


paged_screen(api, "/bff/screens/system/post", name="Post", rows=PostRow, core_path="/system/post/list",
             query=PostScreenQuery, dicts=("sys_normal_disable",), summary="Posts: the page and dictionaries")
