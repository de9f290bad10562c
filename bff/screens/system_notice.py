"""Notices."""

from __future__ import annotations

from pydantic import Field

from bff.screens.system_shared import paged_screen
from core_api.platform.api import Api
from core_api.platform.contract.system import NoticeRow
from core_api.platform.paging import ListQuery

api = Api("system-notice")


class NoticeScreenQuery(ListQuery):
    notice_title: str | None = Field(None, max_length=50)
    create_by: str | None = Field(None, max_length=64)
    notice_type: str | None = Field(None, pattern=r"^[12]$")
    status: str | None = Field(None, pattern=r"^[01]$")


paged_screen(api, "/bff/screens/system/notice", name="Notice", rows=NoticeRow, core_path="/system/notice/list",
             query=NoticeScreenQuery, dicts=("sys_notice_type", "sys_notice_status"),
             summary="Notices: the page and dictionaries")
