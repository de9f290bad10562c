"""App users (spec 001 §2.2, §7 "Consumer users"): list, detail, edit, passwords, flags, referrer, SMS code."""

from __future__ import annotations

from typing import Any

import orjson
from aiohttp import web
from pydantic import Field, model_validator
from tortoise.exceptions import IntegrityError

from core_api.account.consumer import service
from core_api.account.consumer.models import AccountConsumer
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.counts import changed, counted
from core_api.platform.envelope import ok, page, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import ListQuery, between_days, camel_row
from core_api.platform.passwords import hash_password
from core_api.platform.resource import PERSONAL_DATA
from core_api.platform.schema import Flag, Schema, refuse_changes
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.system.user.service import check_password_rule

api = Api("consumer")
TITLE = "用户列表"
PERSONAL_VIEW = PERSONAL_DATA  # phone numbers unmasked (button 查看个人信息 under 用户列表)
FIELDS = ("id", "uid", "nick_name", "phone", "avatar", "sex", "invite_code", "referrer_uid", "frozen", "muted",
          "usable", "register_time", "last_login_time", "last_login_ip", "last_login_city", "create_time",
          "update_time")
SORTS = {"id": "id", "uid": "uid", "registerTime": "register_time", "lastLoginTime": "last_login_time"}
FLAG = r"^[01]$"
PHONE = r"^1[3-9]\d{9}$"


def perm(action: str) -> Any:
    return any_perm(f"account:consumer:{action}")


class ConsumerQuery(ListQuery):
    """Filters of both list calls; ``pageNo`` (the business pages' name) is read as ``pageNum``."""

    uid: int | None = Field(None, ge=0, title="用户ID")
    nick_name: str | None = Field(None, max_length=64, title="昵称")
    phone: str | None = Field(None, pattern=r"^\d{3,11}$", title="手机号")
    invite_code: str | None = Field(None, max_length=16, title="邀请码")
    referrer_uid: int | None = Field(None, ge=0, title="推荐人ID")
    frozen: Flag | None = Field(None, pattern=FLAG, title="冻结")
    muted: Flag | None = Field(None, pattern=FLAG, title="禁言")
    usable: Flag | None = Field(None, pattern=FLAG, title="可用")
    sex: Flag | None = Field(None, pattern=r"^[012]$", title="性别")
    begin_register_time: Any = Field(None, title="注册开始日期")
    end_register_time: Any = Field(None, title="注册结束日期")

    @model_validator(mode="before")
    @classmethod
    def _page_no(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = dict(data)
            for ours, theirs in (("pageNum", "pageNo"), ("pageSize", "size")):
                if theirs in data and ours not in data:
                    data[ours] = data[theirs]
        return data

    @model_validator(mode="after")
    def _register_range(self) -> ConsumerQuery:
        from datetime import date

        for name in ("begin_register_time", "end_register_time"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, date):
                try:
                    setattr(self, name, date.fromisoformat(str(value)[:10]))
                except ValueError:
                    raise ValueError("注册日期格式不正确，应为 yyyy-MM-dd") from None
        return self

    def filter_key(self) -> str:
        skip = {"page_num", "page_size", "order_by_column", "is_asc"}
        return orjson.dumps(self.model_dump(exclude=skip, mode="json"), option=orjson.OPT_SORT_KEYS).decode()


def filtered(query: ConsumerQuery) -> Any:
    qs = AccountConsumer.all()
    if query.uid is not None:
        qs = qs.filter(uid=query.uid)
    if query.nick_name:
        qs = qs.filter(nick_name__icontains=query.nick_name)
    if query.phone:
        qs = qs.filter(phone=query.phone) if len(query.phone) == 11 else qs.filter(phone__startswith=query.phone)
    if query.invite_code:
        qs = qs.filter(invite_code=query.invite_code)
    if query.referrer_uid is not None:
        qs = qs.filter(referrer_uid=query.referrer_uid)
    for name in ("frozen", "muted", "usable", "sex"):
        if getattr(query, name):
            qs = qs.filter(**{name: getattr(query, name)})
    qs = between_days(qs, "register_time", query.begin_register_time or query.begin_time,
                      query.end_register_time or query.end_time)
    return qs


def shown(row: dict[str, Any], principal: Principal) -> dict[str, Any]:
    out = camel_row(row)
    if not principal.authz.has_permi(PERSONAL_VIEW):
        out["phone"] = service.mask_phone(out.get("phone"))
    return out


async def list_page(request: web.Request, principal: Principal, query: ConsumerQuery) -> tuple[list, int]:
    qs = filtered(query)
    total = await counted(request.app, service.TABLE, query.filter_key(), qs)
    rows = await qs.order_by(*query.ordering(SORTS, ["-register_time", "-id"])).offset(query.offset) \
        .limit(query.page_size).values(*FIELDS)
    return [shown(r, principal) for r in rows], total


@api.get("/admin/AccountUserConsumer/list_data", need=perm("list"),
         summary="App users, paged (business page envelope)")
async def list_data(request: web.Request, principal: Principal, query: ConsumerQuery) -> web.Response:
    rows, total = await list_page(request, principal, query)
    return page(rows, total, query.page_num, query.page_size)


@api.post("/admin/AccountUserConsumer/list", need=perm("list"), summary="App users, paged (filters in the body)")
async def list_by_body(request: web.Request, principal: Principal, body: ConsumerQuery) -> web.Response:
    rows, total = await list_page(request, principal, body)
    return table(rows, total)


@api.get(r"/admin/AccountUserConsumer/{id:\d+}", need=perm("query"), summary="One app user")
async def get_consumer(principal: Principal, id: int) -> web.Response:  # noqa: A002 - the spec's name
    rows = await AccountConsumer.filter(id=id).values(*FIELDS)
    if not rows:
        raise NotFound()
    return ok(data=shown(rows[0], principal))


class ConsumerUpdate(Schema):
    """The profile an operator may edit. Phone and password have their own call; flags theirs."""

    id: int = Field(ge=1, title="编号")
    nick_name: str | None = Field(None, min_length=1, max_length=64, title="昵称")
    avatar: str | None = Field(None, max_length=500, title="头像")
    sex: Flag | None = Field(None, pattern=r"^[012]$", title="性别")
    uid: Any = Field(None, title="用户ID")
    phone: Any = Field(None, title="手机号")
    invite_code: Any = Field(None, title="邀请码")
    referrer_uid: Any = Field(None, title="推荐人ID")
    frozen: Any = Field(None, title="冻结")
    muted: Any = Field(None, title="禁言")
    usable: Any = Field(None, title="可用")
    password: Any = Field(None, title="密码")


@api.post("/admin/AccountUserConsumer/update", need=perm("edit"), summary="Edit an app user's profile",
          log=OperLogSpec(TITLE, BusinessType.UPDATE))
async def update_consumer(request: web.Request, body: ConsumerUpdate) -> web.Response:
    consumer = await AccountConsumer.get_or_none(id=body.id)
    if consumer is None:
        raise NotFound()
    refuse_changes(body, {"uid": consumer.uid, "invite_code": consumer.invite_code,
                          "referrer_uid": consumer.referrer_uid, "frozen": consumer.frozen, "muted": consumer.muted,
                          "usable": consumer.usable, "password": ""})
    if body.phone not in (None, "", consumer.phone, service.mask_phone(consumer.phone)):
        raise ServiceError("不允许修改手机号")
    values = {k: getattr(body, k) for k in ("nick_name", "avatar", "sex") if getattr(body, k) is not None}
    if not values:
        raise ServiceError("没有要修改的内容")
    if body.avatar:
        from core_api.platform.state import STORAGE
        from core_api.platform.storage import stored_image

        values["avatar"] = stored_image(body.avatar, request.app[STORAGE], "头像")
    await AccountConsumer.filter(id=body.id).update(**values, update_time=request.app[CLOCK].now())
    await changed(request.app, service.TABLE)
    return ok()


class UidBody(Schema):
    uid: int = Field(ge=0, title="用户ID")


class ResetPasswordBody(UidBody):
    password: str = Field(title="新密码", max_length=20)


async def set_password(request: web.Request, uid: int, password: str) -> None:
    check_password_rule(password)
    hashed = await hash_password(password)
    moved = await AccountConsumer.filter(uid=uid).update(password_hash=hashed, update_time=request.app[CLOCK].now())
    if not moved:
        raise NotFound("用户不存在")


@api.post("/admin/AccountUserConsumer/reset_password", need=perm("resetPwd"),
          summary="Reset an app user's password", log=OperLogSpec(TITLE, BusinessType.UPDATE))
async def reset_password(request: web.Request, body: ResetPasswordBody) -> web.Response:
    await set_password(request, body.uid, body.password)
    return ok()


class UidQuery(Schema):
    uid: int = Field(ge=0, title="用户ID")


def flag_route(path: str, action: str, change: service.FlagChange, summary: str) -> None:
    async def handler(request: web.Request, query: UidQuery) -> web.Response:
        await service.set_flag(request.app, query.uid, change)
        return ok()

    handler.__name__ = path.rsplit("/", 1)[-1]
    api.get(path, need=perm(action), summary=summary, log=OperLogSpec(TITLE, BusinessType.UPDATE))(handler)


flag_route("/admin/AccountUserConsumer/freeze", "freeze", service.FREEZE,
           "Freeze an app user: chat closed at once, the app server told")
flag_route("/admin/AccountUserConsumer/unfreeze", "freeze", service.UNFREEZE, "Unfreeze an app user")
flag_route("/admin/AccountUserConsumer/mute", "mute", service.MUTE, "Mute an app user: chat sending refused")
flag_route("/admin/AccountUserConsumer/un_mute", "mute", service.UN_MUTE, "Unmute an app user")


class UsableQuery(UidQuery):
    usable: Flag = Field(title="可用", pattern=FLAG)


@api.get("/admin/account_login_check/usable", need=perm("usable"),
         summary="Mark an app user usable (1) or unusable (0)", log=OperLogSpec(TITLE, BusinessType.UPDATE))
async def set_usable(request: web.Request, query: UsableQuery) -> web.Response:
    await service.set_flag(request.app, query.uid, service.USABLE if query.usable == "1" else service.UNUSABLE)
    return ok()


class EditUserInfoBody(UidBody):
    phone: str | None = Field(None, pattern=PHONE, title="手机号")
    password: str | None = Field(None, max_length=20, title="密码")


@api.post("/admin/account_login_check/edit_user_info", need=perm("editInfo"),
          summary="Change an app user's phone number or password", log=OperLogSpec(TITLE, BusinessType.UPDATE))
async def edit_user_info(request: web.Request, body: EditUserInfoBody) -> web.Response:
    if not body.phone and not body.password:
        raise ServiceError("请填写新手机号或新密码")
    consumer = await AccountConsumer.get_or_none(uid=body.uid)
    if consumer is None:
        raise NotFound("用户不存在")
    if body.password:
        check_password_rule(body.password)
    values: dict[str, Any] = {"update_time": request.app[CLOCK].now()}
    if body.phone:
        if await AccountConsumer.filter(phone=body.phone).exclude(uid=body.uid).exists():
            raise ServiceError("手机号码已被其他用户使用")
        values["phone"] = body.phone
    if body.password:
        values["password_hash"] = await hash_password(body.password)
    try:
        await AccountConsumer.filter(uid=body.uid).update(**values)
    except IntegrityError:
        raise ServiceError("手机号码已被其他用户使用") from None
    await changed(request.app, service.TABLE)
    return ok()


class BindQuery(UidQuery):
    referrer_uid: int = Field(ge=0, title="推荐人ID")


@api.get("/admin/consumer/bind_recommend", need=perm("bindReferrer"),
         summary="Bind an app user's referrer (oneself and cycles refused)",
         log=OperLogSpec(TITLE, BusinessType.UPDATE))
async def bind_recommend(request: web.Request, query: BindQuery) -> web.Response:
    await service.bind_referrer(request.app, query.uid, query.referrer_uid)
    return ok()
