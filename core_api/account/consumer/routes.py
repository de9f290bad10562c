"""App users (spec 001 §2.2, §7 "Consumer users"): list, detail, edit, passwords, flags, referrer, SMS code."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from aiohttp import web
from pydantic import Field, field_validator, model_validator
from tortoise.exceptions import IntegrityError

from core_api.account.consumer import service
from core_api.account.consumer.models import NO, YES, AccountConsumer, AccountUserFriend
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.compiled import values_of
from core_api.platform.contract import ListPageOut
from core_api.platform.counts import changed, counted
from core_api.platform.envelope import ok, page, table
from core_api.platform.errors import Forbidden, NotFound, ServiceError
from core_api.platform.excel import Column
from core_api.platform.exports import Exporter, register, start_export
from core_api.platform.paging import ListQuery, between_days, camel_row
from core_api.platform.passwords import hash_password
from core_api.platform.resource import PERSONAL_DATA, Action, F, Partner, Resource, mask
from core_api.platform.schema import Flag, Schema, refuse_changes
from core_api.platform.security import Principal, any_perm
from core_api.platform.seek import cursor_after, seek_filter
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import fmt
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
    after: str | None = Field(None, max_length=400, title="分页位置",
                              description="The previous page's `next`: this page is sought after its last row")

    @model_validator(mode="before")
    @classmethod
    def _page_no(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = dict(data)
            for ours, theirs in (("pageNum", "pageNo"), ("pageSize", "size")):
                if theirs in data and ours not in data:
                    data[ours] = data[theirs]
        return data

    @field_validator("begin_register_time", "end_register_time", mode="before")
    @classmethod
    def _register_day(cls, value: Any) -> Any:
        """A day (yyyy-MM-dd), or a time whose first ten characters are its day: RuoYi's pickers send either."""
        from datetime import date

        if value is None or isinstance(value, date):
            return value
        try:
            return date.fromisoformat(str(value)[:10])
        except ValueError:
            raise ValueError("格式不正确，应为 yyyy-MM-dd") from None  # after the field's title

    def filter_key(self) -> str:
        skip = {"page_num", "page_size", "order_by_column", "is_asc", "after"}
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


async def list_page(request: web.Request, principal: Principal, query: ConsumerQuery) -> tuple[list, int, str | None]:
    """A page of app users and the cursor of the next one: given the previous page's ``next`` as ``after``,
    the page is sought after that page's last row (core_api/platform/seek.py) instead of skipped to."""
    key = query.filter_key()  # every filter's value: it names the count and the page's statement (compiled.py)
    ordering = query.ordering(SORTS, ["-register_time", "-id"])  # always ends with the key: a total order
    seek = seek_filter(AccountConsumer, query.after, key, ordering, query.page_num)
    kept = ("consumers", key, tuple(ordering), query.page_size,
            ("after", query.after, query.page_num) if seek is not None else ("offset", query.offset))

    def page_query() -> Any:  # built only where the page's statement is not kept yet
        qs = filtered(query)
        qs = qs.filter(seek) if seek is not None else qs.offset(query.offset)
        return qs.order_by(*ordering).limit(query.page_size).values(*FIELDS)

    rows, total = await asyncio.gather(values_of(page_query, kept, AccountConsumer),
                                       counted(request.app, service.TABLE, f"consumers?{key}", lambda: filtered(query),
                                               exact=True))
    after = (cursor_after(AccountConsumer, rows[-1], key, ordering, query.page_num + 1)
             if len(rows) == query.page_size else None)
    return [shown(r, principal) for r in rows], total, after


@api.get("/admin/AccountUserConsumer/list_data", need=perm("list"), response=ListPageOut,
         summary="App users, paged (business page envelope; `data.next` is the next page's cursor)")
async def list_data(request: web.Request, principal: Principal, query: ConsumerQuery) -> web.Response:
    rows, total, after = await list_page(request, principal, query)
    return page(rows, total, query.page_num, query.page_size, next=after)


@api.post("/admin/AccountUserConsumer/list", need=perm("list"),
          summary="App users, paged (filters in the body; `next` is the next page's cursor, sent back as `after`)")
async def list_by_body(request: web.Request, principal: Principal, body: ConsumerQuery) -> web.Response:
    rows, total, after = await list_page(request, principal, body)
    return table(rows, total, next=after)


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
async def update_consumer(request: web.Request, principal: Principal, body: ConsumerUpdate) -> web.Response:
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
    await history(request, principal, consumer.uid, {k: getattr(consumer, k) for k in values}, values, "编辑资料")
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
async def reset_password(request: web.Request, principal: Principal, body: ResetPasswordBody) -> web.Response:
    await set_password(request, body.uid, body.password)
    await history(request, principal, body.uid, {}, {}, "重置密码")
    return ok()


class UidQuery(Schema):
    uid: int = Field(ge=0, title="用户ID")


def flag_route(path: str, action: str, change: service.FlagChange, summary: str) -> None:
    async def handler(request: web.Request, principal: Principal, query: UidQuery) -> web.Response:
        await service.set_flag(request.app, query.uid, change)
        other = NO if change.value == YES else YES
        await history(request, principal, query.uid, {change.field: other}, {change.field: change.value},
                      NOTES[change.event])
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
async def set_usable(request: web.Request, principal: Principal, query: UsableQuery) -> web.Response:
    await service.set_flag(request.app, query.uid, service.USABLE if query.usable == "1" else service.UNUSABLE)
    await history(request, principal, query.uid, {"usable": NO if query.usable == YES else YES},
                  {"usable": query.usable}, "设置可用" if query.usable == YES else "设置不可用")
    return ok()


class EditUserInfoBody(Schema):
    uid: int | None = Field(None, ge=0, title="用户ID", description="an app user (the app users' screen)")
    user_id: int | None = Field(None, ge=1, le=2**63 - 1, title="店铺账号编号",
                                description="a shop account (a console user bound to a shop), instead of uid")
    phone: str | None = Field(None, pattern=PHONE, title="手机号", description="empty or absent: unchanged")
    password: str | None = Field(None, max_length=20, title="密码", description="empty or absent: unchanged")

    @field_validator("phone", "password", mode="before")
    @classmethod
    def _blank_is_unchanged(cls, value: Any) -> Any:
        """The dialog sends both fields: the one left empty changes nothing (issue 28: a password alone)."""
        return None if isinstance(value, str) and not value.strip() else value


@api.post("/admin/account_login_check/edit_user_info",
          need=any_perm("account:consumer:editInfo", "mall:shopAccount:editInfo"),
          summary="Change an app user's (uid) or a shop account's (userId) phone number or password",
          log=OperLogSpec(TITLE, BusinessType.UPDATE))
async def edit_user_info(request: web.Request, principal: Principal, body: EditUserInfoBody) -> web.Response:
    if (body.uid is None) == (body.user_id is None):
        raise ServiceError("请指定用户ID（uid）或店铺账号编号（userId）之一")
    if body.user_id is not None:  # a shop account: core_api/mall/shop
        if not service.SHOP_ACCOUNT_EDIT:
            raise NotFound("店铺账号不存在")
        await service.SHOP_ACCOUNT_EDIT[0](request, principal, body.user_id, body.phone, body.password)
        return ok()
    if not principal.authz.has_permi("account:consumer:editInfo"):
        raise Forbidden()
    uid = body.uid
    assert uid is not None
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
    note = "修改手机号" + ("和密码" if body.password else "") if body.phone else "修改密码"
    await history(request, principal, uid, {"phone": consumer.phone} if body.phone else {},
                  {"phone": body.phone} if body.phone else {}, note)
    return ok()


class BindQuery(UidQuery):
    referrer_uid: int = Field(ge=0, title="推荐人ID")


@api.get("/admin/consumer/bind_recommend", need=perm("bindReferrer"),
         summary="Bind an app user's referrer (oneself and cycles refused)",
         log=OperLogSpec(TITLE, BusinessType.UPDATE))
async def bind_recommend(request: web.Request, principal: Principal, query: BindQuery) -> web.Response:
    before = await AccountConsumer.filter(uid=query.uid).values_list("referrer_uid", flat=True)
    await service.bind_referrer(request.app, query.uid, query.referrer_uid)
    await history(request, principal, query.uid, {"referrer_uid": before[0] if before else None},
                  {"referrer_uid": query.referrer_uid}, "绑定推荐人")
    return ok()


# ---- the screens: the list drawn from a declaration over the hand-written calls above

def _flag(name: str, label: str, label_en: str) -> F:
    return F(name, label, label_en, "flag", dict_type="biz_yes_no", filter="exact", edit="never")


NICK = F("nick_name", "昵称", "Nick name", required=True, max_length=64, filter="fragment")
SEX = F("sex", "性别", "Sex", "dict", dict_type="sys_user_sex", filter="exact")
consumer_screen = Resource(
    name="AccountUserConsumer", model=AccountConsumer, perm="account:consumer", title=TITLE, title_en="App users",
    view="account/consumer/index", list_method="POST", list_path="/admin/AccountUserConsumer/list", hand_list=True,
    shelf=None, creatable=False, editable=False, removable=False,
    export_path="/admin/AccountUserConsumer/download_data", order=("-register_time", "-id"),
    time_field="register_time",
    fields=[F("id", "编号", "ID", "id", edit="never", listed=False),
            F("uid", "用户ID", "UID", "uid", filter="exact", sortable=True, edit="never"),
            F("avatar", "头像", "Avatar", "image", edit="never"),
            F("nick_name", "昵称", "Nick name", filter="fragment", edit="never"),
            F("phone", "手机号", "Phone", "phone", filter="exact", mask="phone", edit="never"),
            F("sex", "性别", "Sex", "dict", dict_type="sys_user_sex", filter="exact", edit="never"),
            F("invite_code", "邀请码", "Invite code", filter="exact", edit="never"),
            F("referrer_uid", "推荐人ID", "Referrer", "uid", filter="exact", edit="never"),
            _flag("frozen", "冻结", "Frozen"), _flag("muted", "禁言", "Muted"), _flag("usable", "可用", "Usable"),
            F("register_time", "注册时间", "Registered at", "datetime", filter="range", sortable=True, edit="never"),
            F("last_login_time", "最后登录", "Last sign-in", "datetime", sortable=True, edit="never"),
            F("last_login_city", "登录城市", "City", edit="never")],
    actions=[
        Action("edit", "编辑", "Edit", "edit", "/admin/AccountUserConsumer/update", params={"id": "id"},
               fields=(NICK, SEX)),
        Action("resetPwd", "重置密码", "Reset password", "resetPwd", "/admin/AccountUserConsumer/reset_password",
               params={"uid": "uid"}, fields=(F("password", "新密码", "New password", "password", required=True,
                                                max_length=20),)),
        Action("editInfo", "修改手机/密码", "Phone or password", "editInfo",
               "/admin/account_login_check/edit_user_info",
               params={"uid": "uid"}, fields=(F("phone", "新手机号", "New phone", "phone"),
                                              F("password", "新密码", "New password", "password", max_length=20))),
        Action("freeze", "冻结", "Freeze", "freeze", "/admin/AccountUserConsumer/freeze", "GET", params={"uid": "uid"},
               when={"frozen": ["0"]}, confirm="冻结后该用户将立即被下线，并通知应用服务器。",
               confirm_en="The user is signed out at once and the app server is told."),
        Action("unfreeze", "解冻", "Unfreeze", "freeze", "/admin/AccountUserConsumer/unfreeze", "GET",
               params={"uid": "uid"}, when={"frozen": ["1"]}),
        Action("mute", "禁言", "Mute", "mute", "/admin/AccountUserConsumer/mute", "GET", params={"uid": "uid"},
               when={"muted": ["0"]}),
        Action("unMute", "解除禁言", "Unmute", "mute", "/admin/AccountUserConsumer/un_mute", "GET",
               params={"uid": "uid"}, when={"muted": ["1"]}),
        Action("usable", "设置可用", "Usable", "usable", "/admin/account_login_check/usable", "GET",
               params={"uid": "uid"}, fields=(F("usable", "可用", "Usable", "flag", dict_type="biz_yes_no",
                                                required=True),)),
        Action("bindReferrer", "绑定推荐人", "Bind referrer", "bindReferrer", "/admin/consumer/bind_recommend", "GET",
               params={"uid": "uid"}, fields=(F("referrer_uid", "推荐人ID", "Referrer UID", "uid", required=True),)),
        Action("friends", "好友列表", "Friends", "query", "account/consumer/friends", "LINK", params={"uid": "uid"}),
    ],
)


NOTES = {"consumer.frozen": "冻结", "consumer.unfrozen": "解冻", "consumer.muted": "禁言",
         "consumer.unmuted": "解除禁言"}


async def history(request: web.Request, principal: Principal, uid: int, before: dict[str, Any],
                  after: dict[str, Any], note: str) -> None:
    """A history row (who, when, what changed) for the hand-written calls. Phone numbers are kept masked in
    it: the history is shown to every holder of account:consumer:query, personal-data permission or not."""
    ids: list[Any] = await AccountConsumer.filter(uid=uid).values_list("id", flat=True)
    if not ids:
        return
    if "phone" in after:
        before = {**before, "phone": mask(before.get("phone"), "phone")}
        after = {**after, "phone": mask(after.get("phone"), "phone")}
    await consumer_screen.record(request, principal, int(ids[0]), "action", before, after, note)


# ---- the friend list sub-page

async def friend_names(rows: list[dict[str, Any]]) -> None:
    """The friend's nick name and avatar, one query per page."""
    uids = {r["friend_uid"] for r in rows}
    found = {r["uid"]: r for r in await AccountConsumer.filter(uid__in=uids).values("uid", "nick_name", "avatar")}
    for row in rows:
        friend = found.get(row["friend_uid"], {})
        row["friend_nick_name"] = friend.get("nick_name", "")
        row["friend_avatar"] = friend.get("avatar", "")


async def not_oneself(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if values.get("uid") is not None and values.get("uid") == values.get("friend_uid"):
        raise ServiceError("不能添加自己为好友")


friends_screen = Resource(
    name="AccountUserFriend", model=AccountUserFriend, perm="account:consumer", list_perm="account:consumer:query",
    title="好友列表", title_en="Friends", view="account/consumer/friends", shelf=None, creatable=False,
    editable=False, removable=False, exportable=False, order=("-id",), enrich=friend_names, check=not_oneself,
    # the app server tells each side of a friendship (one row per direction) and its removal
    partner=Partner("friends", ("uid", "friend_uid", "remark", "source", "blocked", "create_time"),
                    key=("uid", "friend_uid"), removable=True, summary="One side of an app user's friendship",
                    actor="uid"),
    fields=[F("id", "编号", "ID", "id", edit="never", listed=False),
            F("uid", "用户ID", "UID", "uid", filter="exact", edit="never"),
            F("friend_uid", "好友ID", "Friend UID", "uid", filter="exact", edit="never"),
            F("friend_avatar", "头像", "Avatar", "image", edit="never", exported=False, virtual=True),
            F("friend_nick_name", "好友昵称", "Friend's nick name", edit="never", exported=False, virtual=True),
            F("remark", "备注名", "Remark", filter="fragment", edit="never"),
            F("source", "添加方式", "Source", "dict", dict_type="biz_friend_source", filter="exact", edit="never"),
            F("blocked", "已拉黑", "Blocked", "flag", dict_type="biz_yes_no", filter="exact", edit="never"),
            F("create_time", "成为好友时间", "Friends since", "datetime", filter="range", sortable=True,
              edit="never", required=True)],
)


# ---- the export of the filtered list, built by a worker

ID_APPROVED = "1"  # biz_audit_status: an approved identity's real name and ID number go into the export
SEXES = {"0": "男", "1": "女", "2": "未知"}
YES_NO = {"1": "是", "0": "否"}
EXPORT_FIELDS = ("id", "uid", "nick_name", "phone", "sex", "invite_code", "referrer_uid", "frozen", "muted",
                 "usable", "register_time", "last_login_time", "last_login_ip", "last_login_city")


async def export_batch(query: Any, last: Any, size: int) -> list[dict[str, Any]]:
    qs = filtered(query)
    if last is not None:
        qs = qs.filter(id__gt=last)
    rows: list[dict[str, Any]] = await qs.order_by("id").limit(size).values(*EXPORT_FIELDS)
    return rows


async def export_view(rows: list[dict[str, Any]], personal: bool) -> list[dict[str, Any]]:
    from core_api.account.auth.models import IdentityVerification

    ids = {r["uid"]: r for r in await IdentityVerification.filter(
        uid__in=[r["uid"] for r in rows], status=ID_APPROVED).values("uid", "real_name", "id_number")}
    out = []
    for row in rows:
        identity = ids.get(row["uid"], {})
        shown = {**row, "sex": SEXES.get(row["sex"], row["sex"]),
                 "real_name": identity.get("real_name", ""), "id_number": identity.get("id_number", ""),
                 "register_time": fmt(row["register_time"]) if row["register_time"] else "",
                 "last_login_time": fmt(row["last_login_time"]) if row["last_login_time"] else ""}
        for name in ("frozen", "muted", "usable"):
            shown[name] = YES_NO.get(row[name], row[name])
        if not personal:
            shown["phone"] = mask(shown["phone"], "phone")
            shown["id_number"] = mask(shown["id_number"], "idcard")
            shown["real_name"] = mask(shown["real_name"], "name")
        out.append(shown)
    return out


async def export_count(query: Any) -> int:
    return int(await filtered(query).count())


CONSUMER_EXPORT = register(Exporter(
    name="AccountUserConsumer", title=TITLE, perm="account:consumer:export", query_model=ConsumerQuery,
    batch=export_batch, key="id", view=export_view, count=export_count,
    columns=[Column("用户ID", "uid"), Column("昵称", "nick_name"), Column("手机号", "phone"), Column("性别", "sex"),
             Column("真实姓名", "real_name"), Column("身份证号", "id_number", width=22),
             Column("邀请码", "invite_code"), Column("推荐人ID", "referrer_uid"), Column("冻结", "frozen"),
             Column("禁言", "muted"), Column("可用", "usable"), Column("注册时间", "register_time", width=20),
             Column("最后登录", "last_login_time", width=20), Column("最后登录IP", "last_login_ip"),
             Column("登录城市", "last_login_city")],
))


@api.post("/admin/AccountUserConsumer/download_data", need=perm("export"),
          summary="Export the filtered app users as xlsx, built by a worker: answers {jobId}; progress at "
                  "/admin/exports/{jobId}, a message when ready",
          log=OperLogSpec(TITLE, BusinessType.EXPORT))
async def download_data(request: web.Request, principal: Principal, body: ConsumerQuery) -> web.Response:
    return await start_export(request, principal, CONSUMER_EXPORT, body)
