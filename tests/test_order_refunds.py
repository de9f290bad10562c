"""Refunds through the wallet (issue 14 §2), apart from the after-sale flow of test_order_aftersale.py: a wallet
still processing, timing out or down (the refund stays refunding and the sweep completes it once), a definite
refusal, the large-refund rule (another person, a fresh password), events after the commit, and a settled order,
which is never refunded."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from core_api.mall.goods.models import MallSku
from core_api.order.aftersale.models import OrderAfterSale, OrderRefund
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderPay, OrderShop
from core_api.points.ledger.models import PointsAccount, PointsLedger
from core_api.system.config.models import SysConfig
from tests.mall_support import make_shop
from tests.order_support import goods_of, make_order
from tests.test_consumer_screens import operator
from tests.test_order_aftersale import (
    FIN,
    FINANCE,
    OPERATE,
    apply,
    buyer,
    lines_of,
    setup,
    setup_http_wallet,
    snapshot,
)
from tests.test_wallet_paycode import Provider


@pytest.fixture
async def provider():
    server = Provider()  # the wallet provider on loopback of the wallet tests, which also answers refunds
    await server.server.start_server()
    yield server
    await server.server.close()


PROCESSING_MSG = "退款处理中，稍后自动重查结果，无需重复执行（不会重复退款）"


async def booked(order: OrderShop, sku: MallSku) -> tuple:
    """What a booked refund changes: the order's and its lines' refunded amounts, the refund payments, the stock,
    the points."""
    so = await OrderShop.get(id=order.id)
    lines = await OrderLine.filter(shop_order_id=order.id).values_list("refunded_fen", "refunded_qty")
    return (so.refunded_fen, so.refund_status, so.status, lines, await OrderPay.filter(kind="refund").count(),
            (await MallSku.get(id=sku.id)).stock, await PointsLedger.filter(kind="refund").count())


async def a_while_ago(after_sale_id: int) -> None:
    """The after-sale's last change six minutes back: the sweep (5 minutes) takes it up now."""
    await OrderAfterSale.filter(id=after_sale_id).update(update_time=datetime.now(UTC) - timedelta(minutes=6))


async def test_wallet_still_processing_then_the_sweep_books_once(start_app, make_settings, provider):
    from core_api.order.aftersale import job

    client, admin = await setup_http_wallet(start_app, make_settings, provider, 0.5)
    shop = await make_shop("处理中店")
    _, (sku,) = await goods_of(shop, "处理中货", (5000,), stock=10)
    order = await make_order(shop, 9811, [(sku, 2)], points_used=400)
    await PointsAccount.create(uid=9811, balance=0)
    (line,) = await lines_of(order)
    row = (await apply(client, 9811, line.id, quantity=1))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    before = await booked(order, sku)
    assert before == (0, "none", "to_ship", [(0, 0)], 0, 8, 0)

    # the wallet takes the refund and answers "processing": not an error, nothing booked, nothing final
    provider.mode = "processing"
    answer = await admin.post(FIN, json={"id": row["id"]})
    assert answer["code"] == 200 and answer["msg"] == PROCESSING_MSG, answer
    assert answer["data"]["status"] == "refunding"
    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert (refund.status, refund.attempts, refund.points_back) == ("refunding", 1, 0)
    assert refund.reason == "退款处理中，稍后自动重查（支付渠道处理中，不会重复退款）"
    assert (await OrderAfterSale.get(id=row["id"])).status == "refunding"
    assert (await OrderLine.get(id=line.id)).after_sale == "refunding"
    assert await booked(order, sku) == before
    notes = await OrderLog.filter(shop_order_id=order.id, action="after_sale_processing").values_list(
        "note", flat=True)
    assert len(notes) == 1 and f"退款单 {refund.refund_no}：退款处理中，稍后自动重查" in notes[0]
    # the finance queue shows why it waits; neither finance nor the buyer can act on it meanwhile
    queue = await admin.get(FIN, params={"status": "refunding"})
    assert [(r["id"], r["refund"]["reason"]) for r in queue["rows"]] == [(row["id"], refund.reason)]
    assert (await admin.post(FIN, json={"id": row["id"]}))["msg"] == "售后单退款中，不能执行退款"
    assert (await buyer(client, "cancel", {"uid": 9811, "afterSaleId": row["id"]}))["msg"] == \
        "售后单退款中，不能撤销"
    assert await booked(order, sku) == before and provider.refund_calls == 1

    # the sweep: too fresh first; then, the time moved back, it sends the same number and books the answer once
    params = job.ResendParams()
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == "没有结果未知的退款"
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 1 笔，退款失败 0 笔"
    assert list(provider.refunds) == [refund.refund_no] and provider.refund_calls == 2
    done = await OrderRefund.get(id=refund.id)
    assert (done.status, done.attempts, done.reason, done.points_back) == ("refunded", 2, "", 200)
    assert (await OrderAfterSale.get(id=row["id"])).status == "refunded"
    assert await booked(order, sku) == (4800, "partial", "to_ship", [(4800, 1)], 1, 9, 1)
    assert (await PointsAccount.get(uid=9811)).balance == 200
    # the sweep again, later still: nothing to send, nothing booked twice
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == "没有结果未知的退款"
    assert await booked(order, sku) == (4800, "partial", "to_ship", [(4800, 1)], 1, 9, 1)
    assert provider.refund_calls == 2


async def test_a_timeout_or_the_wallet_down_leaves_the_refund_refunding(start_app, make_settings, provider):
    """No answer is no refusal: the wallet may have paid. The refund stays refunding until the sweep gets a final
    answer for the same number; the wallet pays once, the refund is booked once."""
    from core_api.order.aftersale import job

    # 1 s: time enough for a loaded machine to reach the wallet, which answers after 2 s
    client, admin = await setup_http_wallet(start_app, make_settings, provider, 1.0)
    shop = await make_shop("超时店")
    _, (sku,) = await goods_of(shop, "超时货", (3000,), stock=5)
    order = await make_order(shop, 9821, [(sku, 1)])
    (line,) = await lines_of(order)
    row = (await apply(client, 9821, line.id))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    before = await booked(order, sku)

    provider.mode = "timeout"  # the wallet refunds, its answer comes too late
    answer = await admin.post(FIN, json={"id": row["id"]})
    assert (answer["code"], answer["msg"], answer["data"]["status"]) == (200, PROCESSING_MSG, "refunding")
    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert (refund.status, refund.reason) == ("refunding", "退款处理中，稍后自动重查（支付渠道响应超时，不会重复退款）")
    assert await booked(order, sku) == before and len(provider.refunds) == 1
    # the sweep meets the wallet down: still refunding, said so, nothing booked
    provider.mode = "500"
    await a_while_ago(row["id"])
    params = job.ResendParams()
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 0 笔，退款失败 0 笔，仍在处理中 1 笔"
    again = await OrderRefund.get(id=refund.id)
    assert (again.status, again.attempts) == ("refunding", 2)
    assert again.reason == "退款处理中，稍后自动重查（支付渠道暂时不可用（HTTP 500），不会重复退款）"
    assert (await OrderAfterSale.get(id=row["id"])).status == "refunding" and await booked(order, sku) == before
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_processing").count() == 2
    # still down at the next sweep: sent again, but the same answer adds no log row
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 0 笔，退款失败 0 笔，仍在处理中 1 笔"
    assert (await OrderRefund.get(id=refund.id)).attempts == 3
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_processing").count() == 2
    # the wallet back: the same number answers the refund it made at the first call; booked once, order closed
    provider.mode = "ok"
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 1 笔，退款失败 0 笔"
    assert list(provider.refunds) == [refund.refund_no] and provider.refunds[refund.refund_no]["amountFen"] == 3000
    assert (await OrderRefund.get(id=refund.id)).status == "refunded"
    assert await booked(order, sku) == (3000, "full", "closed", [(3000, 1)], 1, 5, 0)


async def test_only_a_definite_refusal_fails_the_refund(start_app, make_settings, provider):
    client, admin = await setup_http_wallet(start_app, make_settings, provider, 0.5)
    shop = await make_shop("渠道店")
    _, (sku,) = await goods_of(shop, "渠道货", (5000,))

    async def approved(uid: int) -> tuple[OrderShop, dict]:
        order = await make_order(shop, uid, [(sku, 1)])
        row = (await apply(client, uid, (await lines_of(order))[0].id))["data"]
        await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
        return order, row

    # a refusal ours to fix (no funds on the merchant account): nothing paid; finance retries with the same number
    order, row = await approved(9801)
    provider.mode = "refuse-funds"
    refused = await admin.post(FIN, json={"id": row["id"]})
    assert refused["data"]["status"] == "refund_failed"
    assert refused["msg"] == "退款失败：商户账户余额不足，请充值后重试（可重试，不会重复退款）"
    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert refund.status == "failed" and (await OrderShop.get(id=order.id)).refunded_fen == 0
    assert not await OrderPay.filter(kind="refund").exists() and not provider.refunds
    assert (await buyer(client, "cancel", {"uid": 9801, "afterSaleId": row["id"]}))["msg"] == \
        "售后单退款失败，不能撤销"
    provider.mode = "ok"
    retried = await admin.post(FIN, json={"id": row["id"]})
    assert retried["data"]["status"] == "refunded" and retried["data"]["refundNo"] == refund.refund_no
    assert list(provider.refunds) == [refund.refund_no]
    assert provider.refunds[refund.refund_no]["amountFen"] == 5000
    assert (await OrderRefund.get(id=refund.id)).attempts == 2
    assert (await OrderShop.get(id=order.id)).status == "closed"

    # the provider refuses the refund itself: refund_failed with its reason, nothing booked
    other, row2 = await approved(9802)
    provider.mode = "fail"
    failed = await admin.post(FIN, json={"id": row2["id"]})
    assert failed["data"]["status"] == "refund_failed" and failed["msg"] == "退款失败：原支付单已关闭"
    assert (await OrderAfterSale.get(id=row2["id"])).status == "refund_failed"
    assert (await OrderShop.get(id=other.id)).refunded_fen == 0
    assert await OrderPay.filter(kind="refund").count() == 1


async def test_large_refunds_need_another_person_and_a_fresh_password(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    config = await SysConfig.get(config_key="biz.refund.secondApproveFen")
    saved = await admin.put("/system/config", json={
        "configId": config.config_id, "configName": config.config_name, "configKey": config.config_key,
        "configValue": "1000", "configType": config.config_type})
    assert saved["code"] == 200, saved
    shop = await make_shop("大额店")
    _, (sku,) = await goods_of(shop, "大额货", (5000,))
    order = await make_order(shop, 9901, [(sku, 1)])
    row = (await apply(client, 9901, (await lines_of(order))[0].id))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    before = await snapshot()
    assert (await admin.post(FIN, json={"id": row["id"]}))["msg"] == "大额退款需要另一位审核人执行，审核人不能执行"
    finance = await operator(admin, "bigfinance", FINANCE)
    assert (await finance.post(FIN, json={"id": row["id"]})) == {"code": 428, "msg": "大额退款需要重新输入登录密码"}
    assert (await finance.post(FIN, json={"id": row["id"], "password": "wrong"}))["msg"] == \
        "登录密码不正确，密码输入错误1次，再错4次将锁定10分钟"
    # five wrong ones lock the re-entry, the right one too, until the window ends (test_withdrawals.py)
    for _ in range(4):
        refused = await finance.post(FIN, json={"id": row["id"], "password": "wrong"})
    assert refused == {"code": 428, "msg": "密码输入错误5次，已锁定，请10分钟后再试"}
    assert await finance.post(FIN, json={"id": row["id"], "password": "secret123"}) == refused
    assert await snapshot() == before
    assert (await admin.get("/monitor/logininfor/unlock/bigfinance"))["code"] == 200  # unlocking lifts it too
    assert (await finance.post(FIN, json={"id": row["id"], "password": "secret123"}))["data"]["status"] == \
        "refunded"


async def test_events_go_out_after_the_commit(start_app, make_settings):
    from core_api.platform.state import BUS

    client, admin = await setup(start_app, make_settings)
    seen: list[dict] = []
    bus = client.server.app[BUS]
    publish = bus.publish

    async def recorded(topic: str, payload: dict) -> None:  # the real bus (in-process or RabbitMQ), watched
        if topic == flow.TOPIC:
            seen.append(payload)
        await publish(topic, payload)

    bus.publish = recorded  # type: ignore[method-assign]
    shop = await make_shop("事件店")
    _, (sku,) = await goods_of(shop, "事件货", (1200,))
    order = await make_order(shop, 9951, [(sku, 1)])
    row = (await apply(client, 9951, (await lines_of(order))[0].id, requestNo="ev-1"))["data"]
    await apply(client, 9951, (await lines_of(order))[0].id, requestNo="ev-1")  # a repeat publishes nothing
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    await admin.post(FIN, json={"id": row["id"]})

    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert [(e["event"], e["ref"], e["amountFen"]) for e in seen] == [
        ("after_sale_applied", row["afterSaleNo"], 1200), ("refunded", refund.refund_no, 1200),
        ("closed", refund.refund_no, 0)]
    assert all(e["shopOrderId"] == order.id and e["shopId"] == shop.id for e in seen)
    assert seen[-1]["status"] == "closed"


# ---- the sweep of refunds left refunding (a process dead between the commit and the wallet answer)

def job_ctx(client, now: datetime):

    from core_api.monitor.job.handlers import JobContext
    from core_api.platform.state import BUS

    return JobContext(now=now, services=SimpleNamespace(bus=client.server.app[BUS]))


async def stuck(client, admin, shop, uid: int, price: int, *, paid_by_wallet: bool = False):
    """An approved refund whose row is committed in refunding and whose execution died: before the wallet call,
    or (``paid_by_wallet``) after the wallet paid but before its answer was applied."""
    from core_api.order.aftersale import service
    from core_api.platform.state import WALLET

    _, (sku,) = await goods_of(shop, f"货{uid}", (price,))
    order = await make_order(shop, uid, [(sku, 1)])
    row = (await apply(client, uid, (await lines_of(order))[0].id))["data"]
    assert (await admin.post(OPERATE, json={"id": row["id"], "action": "approve"}))["code"] == 200
    refund = await service.start(await OrderAfterSale.get(id=row["id"]), flow.Actor("staff", 1, "admin"),
                                 datetime.now(UTC))
    if paid_by_wallet:
        wallet = client.server.app[WALLET]
        assert (await wallet.refund(refund.refund_no, refund.main_no, refund.amount_fen)).status == "SUCCESS"
    return order, row["id"], refund


async def test_a_refund_left_refunding_is_completed_by_the_sweep_once(start_app, make_settings, provider):
    from core_api.order.aftersale import job

    client, admin = await setup_http_wallet(start_app, make_settings, provider, 0.5)
    shop = await make_shop("补发店")
    order, as_id, refund = await stuck(client, admin, shop, 9961, 4200)
    assert (await OrderAfterSale.get(id=as_id)).status == "refunding" and provider.refund_calls == 0
    # an operator cannot execute a refunding refund: only the sweep takes it up
    assert (await admin.post(FIN, json={"id": as_id}))["msg"] == "售后单退款中，不能执行退款"

    params = job.ResendParams()
    now = datetime.now(UTC)
    assert await job.resend_stuck_refunds(params, job_ctx(client, now)) == "没有结果未知的退款"  # too fresh
    assert provider.refund_calls == 0
    later = now + timedelta(minutes=6)
    assert await job.resend_stuck_refunds(params, job_ctx(client, later)) == \
        "重发退款 1 笔：退款成功 1 笔，退款失败 0 笔"
    assert list(provider.refunds) == [refund.refund_no] and provider.refunds[refund.refund_no]["amountFen"] == 4200
    done = await OrderRefund.get(id=refund.id)
    assert (done.status, done.attempts, done.refund_no) == ("refunded", 2, refund.refund_no)
    assert (await OrderAfterSale.get(id=as_id)).status == "refunded"
    so = await OrderShop.get(id=order.id)
    assert (so.refunded_fen, so.refund_status, so.status) == (4200, "full", "closed")
    assert await OrderPay.filter(kind="refund", out_no=refund.refund_no).count() == 1
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_resend").count() == 1
    # run again, later still: nothing left to send
    assert await job.resend_stuck_refunds(params, job_ctx(client, later + timedelta(hours=1))) == "没有结果未知的退款"
    assert provider.refund_calls == 1

    # the wallet refuses the resent refund: refund failed with its reason; the operator retries the same number
    order2, as2, refund2 = await stuck(client, admin, shop, 9962, 3000)
    provider.mode = "fail"
    assert await job.resend_stuck_refunds(params, job_ctx(client, later)) == \
        "重发退款 1 笔：退款成功 0 笔，退款失败 1 笔"
    assert (await OrderAfterSale.get(id=as2)).status == "refund_failed"
    assert (await OrderRefund.get(id=refund2.id)).reason == "原支付单已关闭"
    assert (await OrderShop.get(id=order2.id)).refunded_fen == 0
    assert not await OrderPay.filter(out_no=refund2.refund_no).exists()


async def test_the_sweep_twice_and_a_concurrent_send_pay_once(start_app, make_settings, provider):
    from core_api.order.aftersale import job, service
    from core_api.platform.state import WALLET

    client, admin = await setup_http_wallet(start_app, make_settings, provider, 2)
    shop = await make_shop("并发补发店")
    # the wallet paid, its answer was lost: the sweep run twice at once, the operator's retry and the original
    # execution's late answer all race; the refund is booked once, the wallet paid once
    order, as_id, refund = await stuck(client, admin, shop, 9971, 2500, paid_by_wallet=True)
    later = datetime.now(UTC) + timedelta(minutes=6)
    wallet = client.server.app[WALLET]
    results = await asyncio.gather(
        job.resend_stuck_refunds(job.ResendParams(), job_ctx(client, later)),
        job.resend_stuck_refunds(job.ResendParams(), job_ctx(client, later)),
        admin.post(FIN, json={"id": as_id}),
        service.send(as_id, refund, wallet, flow.Actor("staff", 1, "admin"), datetime.now(UTC)),
        return_exceptions=True)
    assert len(provider.refunds) == 1 and provider.refunds[refund.refund_no]["amountFen"] == 2500
    assert await OrderPay.filter(kind="refund").count() == 1
    so = await OrderShop.get(id=order.id)
    assert (so.refunded_fen, so.status) == (2500, "closed")
    done = await OrderRefund.get(id=refund.id)
    assert (done.status, done.refund_no) == ("refunded", refund.refund_no)
    assert (await OrderAfterSale.get(id=as_id)).status == "refunded"
    assert (await OrderLine.get(shop_order_id=order.id)).refunded_fen == 2500
    swept = [r for r in results[:2] if isinstance(r, str) and r.startswith("重发退款")]
    assert len(swept) <= 1, results
    # the losers changed nothing: a refused operator call, a refused late answer, an idle sweep
    assert results[2]["code"] != 200, results[2]  # refunding or refunded: not executable again
    # a late answer that loses is refused in words: the row moved on ("售后单 ...") or changed under its lock
    assert not isinstance(results[3], Exception) or any(
        words in str(results[3]) for words in ("售后单", "售后状态已变化")), results[3]
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_refunded").count() == 1


# ---- a settled order is never refunded (its commission and payout are final)

async def settled_view(order: OrderShop) -> tuple:
    so = await OrderShop.get(id=order.id)
    return so.settle_status, so.fee_fen, so.payout_fen, so.refunded_fen, so.refund_status, so.status


async def test_a_settled_order_is_never_refunded(start_app, make_settings):
    from core_api.mall.shop.service import split_fee
    from core_api.order.place import job as place_job
    from core_api.platform.state import WALLET

    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("结算店", rate_bp=600)
    _, (sku,) = await goods_of(shop, "结算货", (10050,))
    past = datetime.now(UTC) - timedelta(days=20)
    order = await make_order(shop, 9981, [(sku, 1)], status=flow.COMPLETED, now=past)
    await OrderShop.filter(id=order.id).update(after_sale_until=past + timedelta(days=7))
    assert len(await place_job.settle(await OrderShop.get(id=order.id), datetime.now(UTC))) == 1
    fee, payout = split_fee(10050, 600)
    settled = await settled_view(order)
    assert settled == ("settled", fee, payout, 0, "none", "completed") and fee + payout == 10050
    (line,) = await lines_of(order)
    before = await snapshot()

    # the buyer's application: refused as settled, also where a node's clock still sees the window open (settled
    # by a worker whose clock runs ahead)
    assert (await apply(client, 9981, line.id, "return_refund"))["msg"] == "订单已结算，不能申请售后"
    await OrderShop.filter(id=order.id).update(after_sale_until=datetime.now(UTC) + timedelta(hours=1))
    assert (await apply(client, 9981, line.id, "return_refund"))["msg"] == "订单已结算，不能申请售后"
    assert await snapshot() == before and not await OrderAfterSale.exists()
    assert await settled_view(order) == settled

    # finance's execution of an after-sale that an order settled anyway (written as a settlement racing the
    # application without the shared row lock would leave it): refused under the lock, the wallet never called
    other = await make_order(shop, 9981, [(sku, 1)], status=flow.COMPLETED)
    await OrderShop.filter(id=other.id).update(after_sale_until=datetime.now(UTC) + timedelta(days=7))
    row = (await apply(client, 9981, (await lines_of(other))[0].id, "return_refund"))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    await buyer(client, "return_shipped", {"uid": 9981, "afterSaleId": row["id"], "carrier": "SF",
                                           "trackingNo": "SF20260001"})
    assert (await admin.post(OPERATE, json={"id": row["id"], "action": "receive", "sellable": True}))["data"][
        "status"] == "awaiting_refund"
    await OrderShop.filter(id=other.id).update(settle_status="settled", fee_fen=fee, payout_fen=payout)
    before, settled = await snapshot(), await settled_view(other)
    answer = await admin.post(FIN, json={"id": row["id"]})
    assert answer == {"code": 500, "msg": "订单已结算，不能退款（平台佣金和店铺货款已按实收金额结算）"}
    assert await snapshot() == before and await settled_view(other) == settled
    assert not await OrderRefund.exists() and client.server.app[WALLET].refund_calls == 0


async def test_settlement_and_an_application_at_once_never_both(start_app, make_settings):
    """Settlement and an application take the shop order's row lock: either the order is settled and the
    application refused, or the application holds the order open and settlement waits."""
    from core_api.order.place import job as place_job

    client, _ = await setup(start_app, make_settings)
    shop = await make_shop("并发结算店", rate_bp=500)
    _, (sku,) = await goods_of(shop, "并发结算货", (2000,), stock=50)
    orders = []
    for _ in range(8):
        order = await make_order(shop, 9991, [(sku, 1)], status=flow.COMPLETED)
        # the API node sees the window open; the settling worker's clock is past it
        await OrderShop.filter(id=order.id).update(after_sale_until=datetime.now(UTC) + timedelta(days=1))
        orders.append(await OrderShop.get(id=order.id))
    later = datetime.now(UTC) + timedelta(days=2)
    for order in orders:
        (line,) = await lines_of(order)
        applied, settled = await asyncio.gather(apply(client, 9991, line.id, "return_refund"),
                                                place_job.settle(order, later))
        so = await OrderShop.get(id=order.id)
        opened = await OrderAfterSale.filter(shop_order_id=order.id).exists()
        assert (so.settle_status == "settled") != opened, (applied, settled)
        if opened:
            assert applied["code"] == 200 and settled == [] and (so.fee_fen, so.payout_fen) == (0, 0)
        else:
            assert applied["msg"] == "订单已结算，不能申请售后" and (so.fee_fen + so.payout_fen) == 2000
