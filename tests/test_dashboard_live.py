"""The home page's live figures (issue 28 §3): today's orders, the open after-sales and the chats waiting, and the
"figures changed" notice the chat socket carries to whoever may read the home page (never to others), from
this node or another one (through the bus)."""

from __future__ import annotations

import asyncio

import pytest

from core_api.messaging.chat.models import ChatRoom
from core_api.platform.live import DASHBOARD_CHANGED, Pulse
from core_api.platform.state import BUS
from ops.chat_sim import ChatPeer
from tests.conftest import BACKEND, Caller
from tests.mall_support import make_shop
from tests.order_support import goods_of
from tests.test_chat import desk_operator, staff_socket, until, url_of
from tests.test_escalation import make_role, make_user, sign_in
from tests.test_order_place import KEY, place, setup, shop_part


def notices(got: list[dict]) -> list[dict]:
    return [m for m in got if m.get("messageType") == "dashboard"]


async def live(caller: Caller) -> dict:
    return (await caller.get("/index/dashboard"))["data"]["live"]


async def test_orders_and_chats_move_the_figures_and_reach_only_the_home_readers(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    assert await live(admin) == {"ordersToday": 0, "afterSalesOpen": 0, "chatsWaiting": 0}
    # a desk operator without the home page's permission is on the socket too, and hears no home notice
    reader = await desk_operator(admin, "deskonly", "list")
    role = await make_role(admin, "home_desk", ("chat:desk:list", "index:dashboard:view"))
    await make_user(admin, "homedesk", None, [role.role_id])
    viewer = await sign_in(admin, "homedesk")
    admin_sio, admin_got = await staff_socket(admin)
    reader_sio, reader_got = await staff_socket(reader)
    viewer_sio, viewer_got = await staff_socket(viewer)

    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 7301, "等回复")
    await peer.connect()
    await peer.say("有人吗")
    await until(lambda: bool(notices(admin_got)) and bool(notices(viewer_got)))
    assert notices(admin_got)[0]["reasons"] == ["chat"]
    assert (await live(viewer))["chatsWaiting"] == 1

    shop = await make_shop("实时店")
    _, skus = await goods_of(shop, "实时商品")
    placed = await place(client, [shop_part(shop, [(skus[0], 1)])])
    assert placed["code"] == 200, placed
    await until(lambda: any("order.placed" in n["reasons"] for n in notices(admin_got)))
    assert (await live(admin))["ordersToday"] == 1

    room = await ChatRoom.get(peer_kind="user", peer_id=7301)
    assert (await admin.post("/admin/chat/v1/read", json={"shopId": room.id}))["code"] == 200
    await until(lambda: len(notices(admin_got)) >= 3)
    assert await live(admin) == {"ordersToday": 1, "afterSalesOpen": 0, "chatsWaiting": 0}

    # the permission taken away while the socket is open: the next notices pass this operator by
    await asyncio.sleep(1.1)
    assert not notices(reader_got)
    heard = len(notices(viewer_got))
    changed = await admin.put("/system/role", json={"roleId": role.role_id, "roleName": "home_desk",
                                                    "roleKey": "home_desk", "roleSort": 1, "status": "0",
                                                    "menuIds": []})
    assert changed["code"] == 200, changed
    assert (await viewer.get("/index/dashboard"))["code"] == 403
    await peer.say("还在吗")
    await until(lambda: len(notices(admin_got)) >= 4)
    await asyncio.sleep(0.3)
    assert len(notices(viewer_got)) == heard and not notices(reader_got)
    await peer.close()
    for sio in (admin_sio, reader_sio, viewer_sio):
        await sio.disconnect()


async def test_a_busy_second_is_one_notice_now_and_one_after_it(start_app, make_settings):
    client = await start_app(make_settings())
    heard: list[dict] = []

    async def hear(payload: dict) -> None:
        heard.append(payload)

    bus = client.app[BUS]
    bus.on_broadcast(DASHBOARD_CHANGED, hear)
    pulse = Pulse(gap=0.5)
    for reason in ("chat", "order.placed", "chat", "order.paid"):
        await pulse.poke(bus, reason)
    await until(lambda: bool(heard))  # through RabbitMQ on the services' backend: not within this turn
    assert heard == [{"reasons": ["chat"]}]  # the first at once, the others wait for the gap
    await until(lambda: len(heard) == 2)
    assert heard[1] == {"reasons": ["chat", "order.paid", "order.placed"]}  # the rest together, once
    await asyncio.sleep(0.7)
    assert len(heard) == 2


@pytest.mark.skipif(BACKEND != "postgres", reason="two nodes share PostgreSQL and RabbitMQ")
async def test_a_chat_on_another_node_reaches_this_nodes_dashboard(start_app, make_settings, second_node):
    client = await start_app(make_settings(chat_partner_key=KEY))
    other = await second_node(CONSOLE_CHAT_PARTNER_KEY=KEY)
    from tests.conftest import token_for

    admin = Caller(client, await token_for(client))
    sio, got = await staff_socket(admin)  # on this node
    peer = await ChatPeer.sign_in(other, KEY, "user", 7302, "远方")  # on the other one
    await peer.connect()
    await peer.say("跨节点")
    await until(lambda: bool(notices(got)), timeout=10)
    assert (await live(admin))["chatsWaiting"] == 1
    await peer.close()
    await sio.disconnect()


async def test_with_the_demo_the_report_has_the_demo_orders_at_once(admin):
    """Issue 28 §1: the home report was empty with the demo; its daily figures now come with it, equal to what the
    rebuild job counts from the same orders (and the report reads them through the home's own call)."""
    from datetime import timedelta

    from core_api import demo
    from core_api.dashboard import stats
    from core_api.order.core.models import OrderShop

    ctx = await demo.generate(40, seed=3)
    today = stats.local_day(ctx.now)
    begin = today - timedelta(days=29)
    lo, _ = stats.bounds(begin)
    _, hi = stats.bounds(today)
    paid = await OrderShop.filter(paid_at__gte=lo, paid_at__lt=hi).count()
    assert paid > 0
    report = await admin.get("/index/dashboard/business", params={"beginTime": begin.isoformat(),
                                                                   "endTime": today.isoformat()})
    totals = report["data"]["totals"]
    assert totals["orders"] == paid and totals["paidFen"] > 0 and totals["newUsers"] > 0
    # the rebuild job, run now, finds the same figures: the demo counted exactly what it would
    await stats.rebuild(begin, today, ctx.now)
    again = await admin.get("/index/dashboard/business", params={"beginTime": begin.isoformat(),
                                                                  "endTime": today.isoformat()})
    assert again["data"]["totals"] == totals
