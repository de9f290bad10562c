"""App users: the operators' decisions (freeze, mute, usable, referrer) and the app server's registrations.

Every state change is one conditional update in a transaction that also writes its webhook event
(core_api/platform/webhook.py); after the commit the event is published, the list totals are told, and
the chat gateway on every node hears of a block (``CONSUMER_BLOCKED``).
"""

from __future__ import annotations

import asyncio
import secrets
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from aiohttp import web
from tortoise import connections
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.account.consumer.models import NO, YES, AccountConsumer, AccountSignIn
from core_api.platform import sql
from core_api.platform.client import ClientInfo
from core_api.platform.counts import changed
from core_api.platform.errors import Forbidden, NotAuthenticated, NotFound, ServiceError
from core_api.platform.schema import english
from core_api.platform.security import Principal
from core_api.platform.state import AUTH, BUS, CLOCK, SMS
from core_api.platform.webhook import publish_events, record_event

TABLE = "account_consumer"
# edit_user_info on a shop account (its userId): (request, caller, user id, phone, password). Set by
# core_api.mall.shop.routes, which owns shop accounts (this feature knows no mall).
SHOP_ACCOUNT_EDIT: list[Callable[[Any, Any, int, str | None, str | None], Awaitable[None]]] = []
SIGN_IN_TABLE = "account_sign_in"
CONSUMER_BLOCKED = "consumer.blocked"  # broadcast {uid}: every node closes the user's chat sockets
REFERRAL_LOCK = 74_022  # advisory-lock namespace: one referrer binding at a time (cycle check)
MAX_REFERRAL_DEPTH = 10_000
_local_referral_lock = asyncio.Lock()
INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


@dataclass(frozen=True)
class FlagChange:
    field: str  # frozen, muted, usable
    value: str
    event: str  # the webhook's event name
    already: str  # the refusal when nothing would change
    blocks_chat: bool = False  # closes the user's chat sockets


FREEZE = FlagChange("frozen", YES, "consumer.frozen", "该用户已是冻结状态", blocks_chat=True)
UNFREEZE = FlagChange("frozen", NO, "consumer.unfrozen", "该用户未被冻结")
MUTE = FlagChange("muted", YES, "consumer.muted", "该用户已是禁言状态")
UN_MUTE = FlagChange("muted", NO, "consumer.unmuted", "该用户未被禁言")
USABLE = FlagChange("usable", YES, "consumer.usable", "该用户已是可用状态")
UNUSABLE = FlagChange("usable", NO, "consumer.unusable", "该用户已是不可用状态", blocks_chat=True)


def mask_phone(phone: str | None) -> str | None:
    """138****0000: the first three and last four digits."""
    if not phone:
        return phone
    return phone[:3] + "****" + phone[-4:] if len(phone) >= 8 else "****"


def new_invite_code() -> str:
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(8))


async def after_change(app: web.Application, events: list[Any]) -> None:
    await publish_events(app[BUS], events, app[CLOCK].now())
    await changed(app, TABLE)


async def set_flag(app: web.Application, uid: int, change: FlagChange) -> None:
    """One conditional update: of twenty identical calls, one changes the flag, the rest are refused."""
    now = app[CLOCK].now()
    other = NO if change.value == YES else YES
    async with in_transaction():
        moved = await AccountConsumer.filter(uid=uid, **{change.field: other}).update(
            **{change.field: change.value, "update_time": now})
        if not moved:
            if not await AccountConsumer.filter(uid=uid).exists():
                raise NotFound("用户不存在")
            raise ServiceError(change.already)
        event = await record_event(change.event, {"uid": uid, change.field: change.value}, now)
    await after_change(app, [event])
    if change.blocks_chat:
        await app[BUS].broadcast(CONSUMER_BLOCKED, {"uid": uid})


async def chat_standing(uid: int) -> tuple[bool, bool]:
    """(may use chat at all, may send) for an app user; one who is not on record yet may do both. One indexed read
    through a kept statement: every chat message of an app user asks it (as a Tortoise query, built anew each time,
    it and its round trip were 8 % of a chat node's CPU in the fault test)."""
    rows = await sql.fetch(AccountConsumer, "SELECT frozen, muted, usable FROM account_consumer WHERE uid = $1", uid)
    if not rows:
        return True, True
    row = rows[0]
    allowed = row["frozen"] != YES and row["usable"] == YES
    return allowed, allowed and row["muted"] != YES


async def check_acting_user(uid: int) -> None:
    """The app user a partner call acts for (places, pays or cancels an order, posts, claims, draws, withdraws):
    registered, not frozen and usable, else refused by name. Records of what happened in the app (sign-ins,
    chat records, intercepts) and what the platform gives a user (credits) do not ask. One indexed read: order
    placement asks it hundreds of times a second."""
    rows = await sql.fetch(AccountConsumer, "SELECT frozen, usable FROM account_consumer WHERE uid = $1", uid)
    if not rows:
        raise ServiceError(f"用户 {uid} 不存在")
    if rows[0]["frozen"] == YES:
        raise ServiceError(f"用户 {uid} 已被冻结，不能执行该操作")
    if rows[0]["usable"] != YES:
        raise ServiceError(f"用户 {uid} 不可用（已被停用），不能执行该操作")


async def _lock_referrals() -> None:
    """PostgreSQL: a transaction-scoped advisory lock, so every node binds one at a time (SQLite runs on one
    node, where a process lock does the same)."""
    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        await conn.execute_query("SELECT pg_advisory_xact_lock($1, $2)", [REFERRAL_LOCK, zlib.crc32(b"bind") & 0x7FFF])


async def bind_referrer(app: web.Application, uid: int, referrer_uid: int) -> None:
    """Sets who referred ``uid``. Refused: oneself, an unknown user, and any binding that would close a
    cycle (the referrer is referred, directly or further up, by ``uid``). Bindings are checked and written
    one at a time, so two crossing bindings cannot both pass the check."""
    if uid == referrer_uid:
        raise ServiceError("不能绑定自己为推荐人")
    local = _local_referral_lock if connections.get("default").capabilities.dialect != "postgres" else None
    if local is not None:
        await local.acquire()
    try:
        now = app[CLOCK].now()
        async with in_transaction():
            await _lock_referrals()
            rows = await AccountConsumer.filter(uid=uid).values_list("referrer_uid", flat=True)
            if not rows:
                raise NotFound("用户不存在")
            current = rows[0]
            if current == referrer_uid:
                raise ServiceError("该用户已绑定此推荐人")
            if not await AccountConsumer.filter(uid=referrer_uid).exists():
                raise ServiceError("推荐人不存在")
            step: int | None = referrer_uid
            depth = 0
            while step is not None:
                if step == uid:
                    raise ServiceError("不能绑定：推荐关系会形成循环")
                depth += 1
                if depth > MAX_REFERRAL_DEPTH:
                    raise ServiceError("推荐链过长，无法绑定")
                up: list[Any] = await AccountConsumer.filter(uid=step).values_list("referrer_uid", flat=True)
                step = up[0] if up else None
            moved = await AccountConsumer.filter(uid=uid, referrer_uid=current).update(
                referrer_uid=referrer_uid, update_time=now)
            if not moved:
                raise ServiceError("推荐人已被修改，请刷新后重试")
            event = await record_event("consumer.referrer_bound", {"uid": uid, "referrerUid": referrer_uid}, now)
    finally:
        if local is not None:
            local.release()
    await after_change(app, [event])


async def unique_invite_code() -> str:
    for _ in range(20):
        code = new_invite_code()
        if not await AccountConsumer.filter(invite_code=code).exists():
            return code
    raise ServiceError("邀请码生成失败，请重试")


async def register_or_update(app: web.Application, values: dict[str, Any], password_hash: str | None) -> tuple[
        AccountConsumer, bool]:
    """The app server's registration (or a later profile update) of the user ``values["uid"]``."""
    uid = values["uid"]
    fields = {k: v for k, v in values.items() if k != "uid" and v is not None}
    if password_hash is not None:
        fields["password_hash"] = password_hash
    now = app[CLOCK].now()
    try:
        async with in_transaction():
            found = await AccountConsumer.get_or_none(uid=uid)
            if found is None:
                fields.setdefault("register_time", now)
                consumer = await AccountConsumer.create(uid=uid, invite_code=await unique_invite_code(), **fields)
                created = True
            else:
                if fields:
                    await AccountConsumer.filter(uid=uid).update(**fields, update_time=now)
                consumer = await AccountConsumer.get(uid=uid)
                created = False
    except IntegrityError:
        if values.get("phone") and await AccountConsumer.filter(phone=values["phone"]).exclude(uid=uid).exists():
            raise ServiceError("手机号码已被其他用户使用") from None
        raise ServiceError("用户已存在或数据冲突，请重试") from None
    await changed(app, TABLE)
    return consumer, created


async def record_sign_in(app: web.Application, uid: int, ip: str, city: str, device: str, when: datetime,
                         province: str = "") -> None:
    from core_api.account.charts.regions import short_province

    if not await AccountConsumer.filter(uid=uid).exists():
        raise NotFound("用户不存在")
    async with in_transaction():
        await AccountSignIn.create(uid=uid, ip=ip, province=short_province(province), city=city.strip(),
                                   device=device, sign_in_time=when)
        # The latest sign-in wins, whatever order the reports arrive in.
        await AccountConsumer.filter(uid=uid).filter(last_login_time__isnull=True).update(
            last_login_time=when, last_login_ip=ip, last_login_city=city)
        await AccountConsumer.filter(uid=uid, last_login_time__lt=when).update(
            last_login_time=when, last_login_ip=ip, last_login_city=city)
    await changed(app, SIGN_IN_TABLE)
    await changed(app, TABLE)


async def send_consumer_code(app: web.Application, principal: Principal | None, uid: int, client: ClientInfo) -> None:
    """``POST /admin/open/send_code {uid}``: a verification code to an app user's phone, sent by an operator
    (account:consumer:editInfo), under the same limits as every code (one a minute, ten a day per number,
    twenty an hour per address)."""
    from core_api.auth import signin

    if principal is None:
        raise NotAuthenticated()
    if not principal.authz.has_permi("account:consumer:editInfo"):
        raise Forbidden()
    rows = await AccountConsumer.filter(uid=uid).values_list("phone", flat=True)
    if not rows:
        raise NotFound("用户不存在")
    if not rows[0]:
        raise ServiceError("该用户未绑定手机号")
    await signin.send_code(app[AUTH], app[SMS], str(rows[0]), "consumer", client)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "用户 {uid} 已被冻结，不能执行该操作": "App user {uid} is frozen: the operation is not allowed",
    "用户 {uid} 不可用（已被停用），不能执行该操作": "App user {uid} is disabled: the operation is not allowed",
    "不能绑定自己为推荐人": "A user cannot be their own referrer",
    "该用户已绑定此推荐人": "The user is already bound to this referrer",
    "推荐人不存在": "The referrer does not exist",
    "不能绑定：推荐关系会形成循环": "Cannot bind: the referrals would form a loop",
    "推荐人已被修改，请刷新后重试": "Someone else changed the referrer: refresh and try again",
    "该用户未绑定手机号": "The user has no mobile number",
})
