"""Login log (RuoYi /monitor/logininfor), with unlocking a locked account."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from core_api.monitor.logininfor.models import SysLogininfor
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.excel import Column, keyset_batches, xlsx_response
from core_api.platform.paging import ListQuery, between_days, camel_row, filter_set, page_of, parse_ids
from core_api.platform.schema import Flag
from core_api.platform.security import any_perm
from core_api.platform.state import AUTH

api = Api("logininfor")
SORTS = {"loginTime": "login_time", "userName": "user_name", "infoId": "info_id"}


class LoginLogQuery(ListQuery):
    ipaddr: str | None = Field(None, max_length=128)
    user_name: str | None = Field(None, max_length=50)
    status: Flag | None = Field(None, pattern=r"^[01]$")


def filtered(query: LoginLogQuery):
    qs = filter_set(SysLogininfor.all(), query, ipaddr="contains", user_name="icontains", status="exact")
    return between_days(qs, "login_time", query.begin_time, query.end_time)


@api.get("/monitor/logininfor/list", need=any_perm("monitor:logininfor:list"), summary="Sign-in attempts, newest first")
async def list_logins(request: web.Request, query: LoginLogQuery) -> web.Response:
    rows, total = await page_of(filtered(query), query, SORTS, ["-login_time", "-info_id"], app=request.app,
                                table="sys_logininfor", recent="login_time")
    return table([camel_row(r) for r in rows], total)


@api.delete(r"/monitor/logininfor/{infoIds:[\d,]+}", need=any_perm("monitor:logininfor:remove"),
            summary="Delete login-log rows", log=OperLogSpec("登录日志", BusinessType.DELETE))
async def delete_logins(request: web.Request, infoIds: str) -> web.Response:  # noqa: N803 - the contract's name
    await SysLogininfor.filter(info_id__in=parse_ids(infoIds)).delete()
    await changed(request.app, "sys_logininfor")
    return ok()


@api.delete("/monitor/logininfor/clean", need=any_perm("monitor:logininfor:remove"), summary="Empty the login log",
            log=OperLogSpec("登录日志", BusinessType.CLEAN))
async def clean_logins(request: web.Request) -> web.Response:
    await SysLogininfor.all().delete()
    await changed(request.app, "sys_logininfor")
    return ok()


@api.get("/monitor/logininfor/unlock/{userName:[A-Za-z0-9_.@-]{1,30}}", need=any_perm("monitor:logininfor:unlock"),
         summary="Lift the wrong-password lock of an account", log=OperLogSpec("账户解锁", BusinessType.OTHER))
async def unlock(request: web.Request, userName: str) -> web.Response:  # noqa: N803
    await request.app[AUTH].clear_failed_passwords(userName)
    return ok()


@api.post("/monitor/logininfor/export", need=any_perm("monitor:logininfor:export"), summary="The login log as xlsx",
          log=OperLogSpec("登录日志", BusinessType.EXPORT, save_response=False))
async def export_logins(request: web.Request, body: LoginLogQuery) -> web.StreamResponse:
    batches = keyset_batches(filtered(body), "info_id", camel_row, newest_first=True)

    columns = [Column("序号", "infoId"), Column("用户账号", "userName"), Column("登录状态", "status",
               lambda v: "成功" if v == "0" else "失败"), Column("登录地址", "ipaddr"),
               Column("登录地点", "loginLocation"), Column("浏览器", "browser"), Column("操作系统", "os"),
               Column("提示消息", "msg", width=30), Column("访问时间", "loginTime", width=20)]
    return await xlsx_response(request, "登录日志.xlsx", "登录日志", columns, batches)
