"""Shops and shop staff for the mall's tests: two shops, each with a signed-in staff account ("own shop")."""

from __future__ import annotations

from core_api.mall.shop.models import MallShop
from core_api.system.user.models import SysUser
from tests.conftest import Caller
from tests.test_escalation import make_role, make_user, sign_in


async def make_shop(name: str, **extra) -> MallShop:
    return await MallShop.create(name=name, contact="店长", phone="13800138000", area_code="110105", **extra)


async def shop_staff(admin: Caller, shop: MallShop, name: str, perms: tuple[str, ...]) -> Caller:
    """A console user bound to ``shop`` holding ``perms`` (a role of its own), signed in."""
    role = await make_role(admin, f"r_{name}", perms)
    user = await make_user(admin, name, None, [role.role_id])
    await SysUser.filter(user_id=user.user_id).update(shop_id=shop.id)
    return await sign_in(admin, name)
