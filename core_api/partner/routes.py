"""The partner API (``/api/partner/``): the app's server writes the records the console shows.

Every call is signed with the partner key and idempotent by ``Idempotency-Key`` (core_api/platform/partner.py).
The consumers and their sign-ins are written here by hand; every other feed comes from its resource's
declaration (``Resource(..., partner=Partner(...))``, core_api/platform/resource/partner_feed.py). docs/partner-api.md.
"""

from __future__ import annotations

from datetime import UTC, datetime

from aiohttp import web
from pydantic import Field

from core_api.account.consumer import service
from core_api.account.consumer.models import AccountConsumer
from core_api.platform.contract import partner as partner_out
from core_api.platform.envelope import ok
from core_api.platform.partner import PartnerBody
from core_api.platform.passwords import hash_password
from core_api.platform.resource import PARTNER_ACTING, PARTNER_USERS, partner_api
from core_api.platform.schema import Flag
from core_api.platform.timefmt import fmt

# One Api for the hand-written partner calls and the feeds the declarations register (``partner=Partner(...)``).
api = partner_api
if not PARTNER_USERS:
    PARTNER_USERS.append((AccountConsumer, "uid"))  # a feed's uid must be a registered app user
if not PARTNER_ACTING:
    PARTNER_ACTING.append(service.check_acting_user)  # the user a feed acts for: not frozen, usable


class ConsumerIn(PartnerBody):
    uid: int = Field(ge=1, title="用户ID")
    nick_name: str | None = Field(None, max_length=64, title="昵称")
    phone: str | None = Field(None, pattern=r"^1[3-9]\d{9}$", title="手机号")
    avatar: str | None = Field(None, max_length=500, title="头像")
    sex: Flag | None = Field(None, pattern=r"^[012]$", title="性别")
    password: str | None = Field(None, min_length=5, max_length=64, title="密码",
                                 description="the user's password in clear, hashed here; never answered")
    register_time: int | None = Field(None, ge=0, le=4102444800, title="注册时间",
                                      description="unix seconds; default: now")


@api.post("/api/partner/v1/consumers", partner=True, response=partner_out.ConsumerOut,
          summary="Register an app user, or update one by uid (idempotent by Idempotency-Key)")
async def upsert_consumer(request: web.Request, body: ConsumerIn) -> web.Response:
    values = body.model_dump(exclude={"password", "register_time"}, by_alias=False)
    if body.register_time is not None:
        values["register_time"] = datetime.fromtimestamp(body.register_time, UTC)
    hashed = await hash_password(body.password) if body.password else None
    consumer, created = await service.register_or_update(request.app, values, hashed)
    return ok(data={"id": consumer.id, "uid": consumer.uid, "inviteCode": consumer.invite_code, "created": created,
                    "registerTime": fmt(consumer.register_time)})


class SignInIn(PartnerBody):
    uid: int = Field(ge=1, title="用户ID")
    ip: str = Field("", max_length=128, title="IP")
    province: str = Field("", max_length=32, title="省份",
                          description="province, region or municipality (广东 or 广东省); kept in its short name")
    city: str = Field("", max_length=64, title="城市")
    device: str = Field("", max_length=128, title="设备")
    time: int = Field(ge=0, le=4102444800, title="登录时间", description="unix seconds")


@api.post("/api/partner/v1/consumers/sign_in", partner=True, response=partner_out.DoneOut,
          summary="Record an app user's sign-in (for the login charts; updates the last sign-in)")
async def sign_in(request: web.Request, body: SignInIn) -> web.Response:
    await service.record_sign_in(request.app, body.uid, body.ip, body.city, body.device,
                                 datetime.fromtimestamp(body.time, UTC), province=body.province)
    return ok()
