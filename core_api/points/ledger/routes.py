"""The app server gives points: ``POST /api/partner/v1/points/credit`` (once per bizNo)."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from core_api.account.consumer.models import AccountConsumer
from core_api.platform import sql
from core_api.platform.api import Api
from core_api.platform.contract import partner as partner_out
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.partner import PartnerBody
from core_api.platform.resource import partner_api
from core_api.platform.schema import INT_MAX
from core_api.platform.state import CLOCK
from core_api.points.ledger import service

api = Api("points-ledger")


class PointsCreditIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    points: int = Field(ge=1, le=service.MAX_POINTS, strict=True, title="积分")
    biz_no: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$", title="业务单号",
                        description="the app server's number of this grant: credited once")
    remark: str = Field("", max_length=100, title="备注")


async def known_user(uid: int) -> None:
    """Refuses a uid the app never registered (order placement asks this hundreds of times a second)."""
    if not await sql.fetch(AccountConsumer, "SELECT 1 FROM account_consumer WHERE uid = $1", uid):
        raise ServiceError(f"用户 {uid} 不存在")


@partner_api.post("/api/partner/v1/points/credit", partner=True, response=partner_out.PointsCreditOut,
                  summary="Give an app user points (sign-in reward, order reward); once per bizNo")
async def partner_points_credit(request: web.Request, body: PointsCreditIn) -> web.Response:
    await known_user(body.uid)
    entry, applied = await service.credit(body.uid, body.points, f"credit:{body.biz_no}", "credit",
                                          request.app[CLOCK].now(), ref=body.biz_no, remark=body.remark)
    return ok(data={"ledgerId": entry.id, "applied": applied, "balance": await service.balance(body.uid)})
