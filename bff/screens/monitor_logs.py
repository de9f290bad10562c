"""Operation log and login log: a page of rows with the dictionaries their columns show."""

from __future__ import annotations

from pydantic import Field

from bff.screens.system_shared import paged_screen
from core_api.platform.api import Api
from core_api.platform.contract.system import LoginLogRow, OperLogRow
from core_api.platform.paging import ListQuery

api = Api("monitor-logs")


class OperLogScreenQuery(ListQuery):
    title: str | None = Field(None, max_length=50)
    oper_name: str | None = Field(None, max_length=50)
    business_type: int | None = Field(None, ge=0, le=9)
    status: int | None = Field(None, ge=0, le=1)


paged_screen(api, "/bff/screens/monitor/operlog", name="OperLog", rows=OperLogRow, core_path="/monitor/operlog/list",
             query=OperLogScreenQuery, dicts=("sys_oper_type", "sys_common_status"), function="monitor_operlog_screen",
             summary="Operation log: the page (newest first unless sorted) and dictionaries")


class LoginLogScreenQuery(ListQuery):
    ipaddr: str | None = Field(None, max_length=128)
    user_name: str | None = Field(None, max_length=50)
    status: str | None = Field(None, pattern=r"^[01]$")


paged_screen(api, "/bff/screens/monitor/logininfor", name="LoginLog", rows=LoginLogRow,
             core_path="/monitor/logininfor/list", query=LoginLogScreenQuery, dicts=("sys_common_status",),
             function="monitor_logininfor_screen",
             summary="Login log: the page (newest first unless sorted) and dictionaries")
