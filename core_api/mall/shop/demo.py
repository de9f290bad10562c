"""Demo shops: a few shops in several cities, one settlement application waiting for audit and a demo shop
account (``shopdemo`` / admin123) bound to the first shop, holding the shop-staff role."""

from __future__ import annotations

import datetime as dt

from core_api.mall.shop.models import MallSettled, MallShop
from core_api.mall.shop.service import PENDING, SHOP_STAFF_ROLE
from core_api.platform.passwords import hash_password
from core_api.seed.data import DEFAULT_PASSWORD
from core_api.system.role.models import SysRole
from core_api.system.user.models import SysUser, SysUserRole

SHOPS = [
    ("鲜果时光旗舰店", "110105", "朝阳路88号", "李晓梅", "13800001001", 500, "1"),
    ("云南山货铺", "530102", "青年路156号", "杨建国", "13800001002", 800, "0"),
    ("江南丝绸坊", "330106", "文三路218号", "沈雅琴", "13800001003", 600, "1"),
    ("蜀香调味小馆", "510107", "人民南路四段9号", "刘志强", "13800001004", 1000, "0"),
]
DEMO_ACCOUNT = "shopdemo"


async def demo(ctx) -> None:
    if await MallShop.exists():
        return
    rows = [{"name": name, "area_code": area, "address": address, "contact": contact, "phone": phone,
             "rate_bp": rate, "brand_sale": brand, "intro": f"{name}，正品保障，48小时内发货。", "sort": i,
             "create_by": "admin", "create_time": ctx.moment()}
            for i, (name, area, address, contact, phone, rate, brand) in enumerate(SHOPS)]
    await ctx.insert(MallShop, rows)
    await ctx.insert(MallSettled, [{
        "shop_name": "北疆牛肉干专卖", "contact": "阿依古丽", "phone": "13900002001", "area_code": "650102",
        "address": "解放北路66号", "intro": "新疆特产牛肉干、奶酪，产地直发。", "account": "beijiang",
        "status": PENDING, "create_by": "app", "create_time": ctx.moment(ctx.now - dt.timedelta(days=3))}])
    first = rows[0]["id"]
    # the demo account is written through the ORM (not the bulk insert): a demo reset never empties sys_user
    role = await SysRole.get_or_none(role_key=SHOP_STAFF_ROLE)
    user = await SysUser.get_or_none(user_name=DEMO_ACCOUNT)
    if user is None:
        user = await SysUser.create(user_name=DEMO_ACCOUNT, nick_name="鲜果时光店员", shop_id=first,
                                    password=await hash_password(DEFAULT_PASSWORD), create_by="admin")
    else:
        await SysUser.filter(user_id=user.user_id).update(shop_id=first)
    if role is not None and not await SysUserRole.exists(user_id=user.user_id, role_id=role.role_id):
        await SysUserRole.create(user_id=user.user_id, role_id=role.role_id)
