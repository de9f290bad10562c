"""Shops' rules that other features use: the platform's commission split, and the audit of a settlement
application (approval creates the shop and its first shop account, exactly once)."""

from __future__ import annotations

import datetime as dt
import secrets
import string
from dataclasses import dataclass
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.mall.shop.models import MallSettled, MallShop
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.passwords import hash_password
from core_api.platform.schema import english
from core_api.system.role.models import SysRole
from core_api.system.user.models import SysUser, SysUserRole
from core_api.system.user.service import user_name_taken

BP = 10_000  # basis points in a whole
SHOP_STAFF_ROLE = "shop_staff"
PENDING, APPROVED, REJECTED = "pending", "approved", "rejected"


def split_fee(net_fen: int, rate_bp: int) -> tuple[int, int]:
    """The platform's fee and the shop's payout of a net amount (fen) at a rate (basis points): the fee is
    rounded half-up to the fen, the payout is the rest, so fee + payout == net exactly."""
    if not isinstance(net_fen, int) or not isinstance(rate_bp, int) or isinstance(net_fen, bool):
        raise TypeError("net_fen and rate_bp are integers (fen, basis points)")
    if net_fen < 0:
        raise ValueError("net_fen must not be negative")
    if not 0 <= rate_bp <= BP:
        raise ValueError("rate_bp is 0..10000")
    fee = (net_fen * rate_bp * 2 + BP) // (2 * BP)  # half-up: floor(x + 1/2) in integers
    return fee, net_fen - fee


def initial_password() -> str:
    """A first password for a new shop account: 12 letters and digits, at least one of each."""
    alphabet = string.ascii_letters + string.digits
    while True:
        value = "".join(secrets.choice(alphabet) for _ in range(12))
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            return value


@dataclass
class Approved:
    shop_id: int
    user_id: int
    user_name: str


async def approve(settled_id: int, password: str, actor: str, now: dt.datetime) -> Approved:
    """pending → approved, and in the same transaction the shop (settled_id unique) and its first account
    (a console user bound to it, holding the shop-staff role). A second approval finds nothing pending."""
    app = await MallSettled.get_or_none(id=settled_id)
    if app is None:
        raise NotFound("入驻申请不存在")
    if app.status != PENDING:
        raise ServiceError("该入驻申请已审核，不能重复审核")
    role = await SysRole.get_or_none(role_key=SHOP_STAFF_ROLE, del_flag="0")
    if role is None:
        raise ServiceError("未找到“商家员工”角色（shop_staff），请先初始化角色后再审核")
    if await user_name_taken(app.account):
        await _refuse(settled_id, f"登录账号“{app.account}”已存在，请驳回后让申请人更换账号")
    if await MallShop.filter(name=app.shop_name).exists():
        await _refuse(settled_id, f"店铺名称“{app.shop_name}”已存在，请驳回后让申请人更换名称")
    hashed = await hash_password(password)
    phone_free = not await SysUser.filter(phonenumber=app.phone).exists()
    try:
        async with in_transaction():
            moved = await MallSettled.filter(id=settled_id, status=PENDING).update(
                status=APPROVED, audit_by=actor, audit_time=now, reason="")
            if not moved:
                raise ServiceError("该入驻申请已审核，不能重复审核")
            shop = await MallShop.create(
                name=app.shop_name, contact=app.contact, phone=app.phone, area_code=app.area_code,
                address=app.address, intro=app.intro, settled_id=app.id, create_by=actor, create_time=now)
            user = await SysUser.create(
                user_name=app.account, nick_name=app.shop_name[:30], password=hashed, shop_id=shop.id,
                phonenumber=app.phone if phone_free else "", pwd_update_date=None, create_by=actor,
                create_time=now)
            await SysUserRole.create(user_id=user.user_id, role_id=role.role_id)
            await MallSettled.filter(id=settled_id).update(shop_id=shop.id, user_id=user.user_id)
    except IntegrityError as exc:  # two approvals at once: the loser's insert meets the unique settled_id
        if await MallSettled.filter(id=settled_id).exclude(status=PENDING).exists():
            raise ServiceError("该入驻申请已审核，不能重复审核") from exc
        raise ServiceError("店铺名称或登录账号已存在") from exc
    return Approved(shop.id, user.user_id, user.user_name)


async def _refuse(settled_id: int, msg: str) -> None:
    """The account or shop name is taken: by a concurrent approval of this very application (read pending before
    it committed), which is the answer then, or by someone else."""
    if await MallSettled.filter(id=settled_id).exclude(status=PENDING).exists():
        raise ServiceError("该入驻申请已审核，不能重复审核")
    raise ServiceError(msg)


async def reject(settled_id: int, reason: str, actor: str, now: dt.datetime) -> None:
    if not await MallSettled.exists(id=settled_id):
        raise NotFound("入驻申请不存在")
    moved = await MallSettled.filter(id=settled_id, status=PENDING).update(
        status=REJECTED, reason=reason, audit_by=actor, audit_time=now)
    if not moved:
        raise ServiceError("该入驻申请已审核，不能重复审核")


async def submit(values: dict[str, Any], uid: int | None, actor: str, now: dt.datetime) -> MallSettled:
    """A new application, pending. The shop name and the account must be free, and an applicant has at most
    one application waiting."""
    if await MallShop.filter(name=values["shop_name"]).exists():
        raise ServiceError(f"店铺名称“{values['shop_name']}”已被使用")
    if await MallSettled.filter(shop_name=values["shop_name"], status=PENDING).exists():
        raise ServiceError(f"店铺名称“{values['shop_name']}”已有待审核的入驻申请")
    if await user_name_taken(values["account"]) or await MallSettled.filter(
            account__iexact=values["account"], status=PENDING).exists():
        raise ServiceError(f"登录账号“{values['account']}”已被使用，请更换")
    if uid is not None and await MallSettled.filter(uid=uid, status=PENDING).exists():
        raise ServiceError("您已有待审核的入驻申请，请等待审核结果")
    return await MallSettled.create(**values, uid=uid, status=PENDING, create_by=actor, create_time=now)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "入驻申请不存在": "The settlement application does not exist",
    "店铺名称或登录账号已存在": "The shop name or the sign-in account already exists",
    "该入驻申请已审核，不能重复审核": "The settlement application has been reviewed already",
    "店铺名称“{name}”已被使用": "The shop name “{name}” is taken",
    "登录账号“{account}”已被使用，请更换": "The sign-in account “{account}” is taken: choose another",
})
