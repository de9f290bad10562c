"""Group-buy orders in the console (issue 14 §3): the teams (``order_mall_pt/list_data``: activity, goods, leader,
size, joined, status, expiry) and a team's members with their orders and pay status
(``order_mall_pt/list_follower_data``, opened from a team's row). Shop staff see only their shop's teams and
members (the shop column of each). Read-only: teams move by orders only (core_api/order/group/service.py)."""

from __future__ import annotations

from typing import Any

from core_api.mall.market.models import MallGroupActivity, MallGroupTeam
from core_api.mall.shop.kind import SHOP
from core_api.order.core.models import OrderShop
from core_api.order.group.models import OrderGroupMember
from core_api.platform.api import Api
from core_api.platform.resource import Action, F, Resource

PERM = "order:group"
READ_ONLY: dict[str, Any] = {"shelf": None, "creatable": False, "editable": False, "removable": False,
                             "exportable": False}


async def enrich_teams(rows: list[dict[str, Any]]) -> None:
    ids = {r["activity_id"] for r in rows if r.get("activity_id")}
    names = dict(await MallGroupActivity.filter(id__in=ids).values_list("id", "goods_name")) if ids else {}
    for r in rows:
        r["goods_name"] = names.get(r.get("activity_id"), "")


async def enrich_members(rows: list[dict[str, Any]]) -> None:
    ids = {r["shop_order_id"] for r in rows if r.get("shop_order_id")}
    orders = {o["id"]: o for o in await OrderShop.filter(id__in=ids).values(
        "id", "order_no", "status", "pay_status", "pay_fen", "refunded_fen", "paid_at")} if ids else {}
    for r in rows:
        o = orders.get(r.get("shop_order_id"), {})
        r["order_no"] = o.get("order_no", "")
        r["order_status"] = o.get("status", "")
        r["pay_status"] = o.get("pay_status", "")
        r["pay_fen"] = o.get("pay_fen", 0)
        r["refunded_fen"] = o.get("refunded_fen", 0)


teams = Resource(
    name="OrderGroupTeam", model=MallGroupTeam, perm=PERM, title="拼团订单", title_en="Group-buy teams",
    view="order/group/index", list_path="/admin/order_mall_pt/list_data", shop_field="shop_id",
    enrich=enrich_teams, cached_count=False, **READ_ONLY,
    fields=[
        F("id", "团编号", "Team ID", "id", edit="never", filter="exact", sortable=True),
        F("activity_id", "活动编号", "Activity ID", "id", edit="never", filter="exact"),
        F("shop_id", "店铺", "Shop", SHOP, edit="never", filter="exact"),
        F("goods_id", "商品编号", "Goods ID", "id", edit="never", filter="exact"),
        F("goods_name", "商品名称", "Goods", edit="never", virtual=True, exported=False),
        F("leader_uid", "团长UID", "Leader UID", "uid", edit="never", filter="exact"),
        F("size", "成团人数", "Team size", "int", edit="never"),
        F("joined", "已参团（已支付）", "Joined (paid)", "int", edit="never"),
        F("reserved", "待支付占位", "Seats held unpaid", "int", edit="never"),
        F("status", "拼团状态", "Status", "dict", dict_type="biz_group_team_status", edit="never", filter="exact"),
        F("expires_at", "截止时间", "Expires at", "datetime", edit="never", sortable=True),
        F("full_at", "成团时间", "Full at", "datetime", edit="never"),
        F("create_time", "开团时间", "Opened at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[Action("followers", "参团成员", "Members", "query", "order/group/followers", method="LINK",
                    params={"teamId": "id"})],
)

followers = Resource(
    name="OrderGroupMember", model=OrderGroupMember, perm=PERM, list_perm=f"{PERM}:query", title="参团成员",
    menu_buttons=(),  # as seeded, not as derived
    title_en="Team members", view="order/group/followers", list_path="/admin/order_mall_pt/list_follower_data",
    shop_field="shop_id", order=("id",), enrich=enrich_members, cached_count=False, **READ_ONLY,
    fields=[
        F("id", "编号", "ID", "id", edit="never"),
        F("team_id", "团编号", "Team ID", "id", edit="never", filter="exact"),
        F("shop_id", "店铺", "Shop", SHOP, edit="never", filter="exact"),
        F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact"),
        F("role", "角色", "Role", "dict", dict_type="biz_group_member_role", edit="never", filter="exact"),
        F("status", "席位", "Seat", "dict", dict_type="biz_group_member_status", edit="never", filter="exact"),
        F("shop_order_id", "订单编号", "Shop order ID", "id", edit="never"),
        F("order_no", "订单号", "Order no.", edit="never", virtual=True, exported=False),
        F("order_status", "订单状态", "Order status", "dict", dict_type="biz_order_status", edit="never", virtual=True,
          exported=False),
        F("pay_status", "支付状态", "Payment", "dict", dict_type="biz_order_pay_status", edit="never", virtual=True,
          exported=False),
        F("pay_fen", "实付金额", "Paid", "money", edit="never", virtual=True, exported=False),
        F("refunded_fen", "已退款", "Refunded", "money", edit="never", virtual=True, exported=False),
        F("paid_at", "支付时间", "Paid at", "datetime", edit="never"),
        F("create_time", "参团时间", "Joined at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[Action("detail", "订单详情", "Order details", "order:shop:query", "order/shop/detail", method="LINK",
                    params={"id": "shopOrderId"})],
)
api = Api("order-group")
