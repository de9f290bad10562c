"""Online users (RuoYi /monitor/online): the live sessions, and forcing them out."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from core_api.auth.models import UserSession
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok, table
from core_api.platform.errors import ServiceError
from core_api.platform.paging import parse_ids
from core_api.platform.schema import Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import AUTH, CLOCK
from core_api.platform.timefmt import fmt
from core_api.system.role.grants import check_user_manageable

api = Api("online")
MAX_ROWS = 1000


class OnlineQuery(Schema):
    ipaddr: str | None = Field(None, max_length=128)
    user_name: str | None = Field(None, max_length=30)


@api.get("/monitor/online/list", need=any_perm("monitor:online:list"),
         summary="Live sessions (tokenId is the session's public id, never its token)")
async def list_online(request: web.Request, query: OnlineQuery) -> web.Response:
    qs = UserSession.filter(expires_at__gt=request.app[CLOCK].time())
    if query.ipaddr:
        qs = qs.filter(ipaddr__contains=query.ipaddr)
    if query.user_name:
        qs = qs.filter(user_name__icontains=query.user_name)
    total = await qs.count()
    rows = await qs.order_by("-login_time").limit(MAX_ROWS).values(
        "id", "user_name", "dept_name", "ipaddr", "login_location", "browser", "os", "login_time")
    return table([{
        "tokenId": str(r["id"]), "userName": r["user_name"], "deptName": r["dept_name"], "ipaddr": r["ipaddr"],
        "loginLocation": r["login_location"], "browser": r["browser"], "os": r["os"],
        "loginTime": fmt(r["login_time"]),
    } for r in rows], total)


@api.delete(r"/monitor/online/{tokenIds:[\d,]+}", need=any_perm("monitor:online:forceLogout",
                                                                 "monitor:online:batchLogout"),
            summary="Force sessions out at once (one id, or several separated by commas)",
            log=OperLogSpec("在线用户", BusinessType.FORCE))
async def force_logout(request: web.Request, principal: Principal, tokenIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(tokenIds)
    if len(ids) > 1 and not principal.authz.has_permi("monitor:online:batchLogout"):
        raise ServiceError("当前操作没有权限", 403)
    # Forcing out someone who holds more than the caller is refused (their session may be theirs to keep).
    holders = await UserSession.filter(id__in=ids).values_list("user_id", flat=True)
    await check_user_manageable(principal.authz, list(holders))  # type: ignore[arg-type]
    await request.app[AUTH].end_sessions(ids)  # their chat sockets close too, on every node
    return ok()
