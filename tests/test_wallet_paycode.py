"""Pay codes through the wallet adapter and the provider's signed callback; the HTTP wallet against a real
provider on loopback (signed both ways, idempotent by number): codes, payouts, failures, timeouts, retries."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Any

import orjson
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from core_api.finance.pay_code.models import FinancePayCode
from core_api.finance.withdrawal.models import FinanceWithdrawal
from core_api.platform.wallet import check_signature, sign, signed_headers
from tests.conftest import Caller, token_for
from tests.test_consumer_screens import operator
from tests.test_partner_api import KEY
from tests.test_withdrawals import UID, balances, credit, edit, ledger_matches, register, withdraw

WALLET_KEY = "wallet-key-" + "w" * 30
FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}


def notify_headers(key: str, path: str, body: bytes, **override: str) -> dict[str, str]:
    return {**signed_headers(key, "POST", path, body), **override}


async def notify(client, provider: str, body: dict[str, Any], key: str, **override: str) -> dict:
    path = f"/api/open/v1/wallet/{provider}/notify"
    raw = orjson.dumps(body)
    response = await client.post(path, data=raw, headers=notify_headers(key, path, raw, **override))
    return await response.json()


def paid(code: dict, amount: int | None = None, trade_no: str | None = None) -> dict:
    return {"outTradeNo": code["orderNo"], "tradeNo": code["providerTradeNo"] if trade_no is None else trade_no,
            "amountFen": code["amountFen"] if amount is None else amount, "status": "PAID",
            "paidAt": int(time.time())}


async def test_local_pay_code_is_created_and_paid_by_a_signed_callback_once(start_app, make_settings):
    settings = make_settings(wallet_key=WALLET_KEY)
    client = await start_app(settings)
    admin = Caller(client, await token_for(client))
    created = await admin.get("/admin/open/v1/local_pay_pc", params={"amount": "12.50", "subject": "门店收款"})
    assert created["code"] == 200, created
    code = created["data"]
    assert (code["amountFen"], code["status"], code["subject"], code["provider"]) == (1250, "pending", "门店收款",
                                                                                      "local")
    assert code["codeUrl"].startswith("localpay://pay?orderNo=" + code["orderNo"])
    assert code["expiresAt"] > code["createTime"] and code["secondsLeft"] == 15 * 60
    assert (await admin.get("/admin/open/v1/local_pay_pc", params={"amountFen": 99}))["data"]["amountFen"] == 99

    # a wrong signature, a wrong amount, an unknown order, a stale timestamp: refused, nothing changes
    assert (await notify(client, "local", paid(code), "another-key-" + "x" * 20))["msg"] == "签名不正确"
    assert (await notify(client, "local", paid(code, amount=1), WALLET_KEY))["msg"] == "回调金额与订单金额不符"
    unknown = {**paid(code), "outTradeNo": "Q0000"}
    assert (await notify(client, "local", unknown, WALLET_KEY))["code"] == 404
    stale = await notify(client, "local", paid(code), WALLET_KEY, **{"X-Wallet-Timestamp": "1000"})
    assert stale["code"] == 401
    assert (await notify(client, "alipay", paid(code), WALLET_KEY))["code"] == 404
    raw = await client.post("/api/open/v1/wallet/local/notify", data=b"{not json")
    assert (await raw.json())["code"] == 401
    assert (await FinancePayCode.get(order_no=code["orderNo"])).status == "pending"

    first = await notify(client, "local", paid(code), WALLET_KEY)
    assert first == {"code": "SUCCESS", "msg": "OK", "result": "paid"}
    repeat = await notify(client, "local", paid(code), WALLET_KEY)
    assert repeat == {"code": "SUCCESS", "msg": "OK", "result": "repeat"}
    status = (await admin.get("/admin/open/v1/pay_code/status", params={"orderNo": code["orderNo"]}))["data"]
    assert status["status"] == "paid" and status["paidAt"] and status["notifyCount"] == 2 and not status["paidLate"]
    listed = await admin.get("/admin/open/v1/pay_code/list")
    assert listed["total"] == 2 and listed["provider"] == "local" and listed["simulate"] is True

    # the screen's "simulate payment" goes through the same signed callback
    other = (await admin.get("/admin/open/v1/local_pay_pc", params={"amount": "1"}))["data"]
    simulated = await admin.post("/admin/open/v1/pay_code/simulate_paid", json={"orderNo": other["orderNo"]})
    assert simulated["data"]["result"] == "paid"
    assert (await FinancePayCode.get(order_no=other["orderNo"])).status == "paid"


async def test_expired_codes_and_bad_input(start_app, make_settings):
    client = await start_app(make_settings(wallet_key=WALLET_KEY))
    admin = Caller(client, await token_for(client))
    for params, msg in (({"amount": "12.345"}, "金额格式不正确"), ({"amount": "-1"}, "金额格式不正确"),
                        ({"amount": "1e3"}, "金额格式不正确"), ({"amount": "0"}, "金额必须在"),
                        ({"amount": "50000.01"}, "金额必须在"), ({"amountFen": "abc"}, "金额"),
                        ({}, "请填写金额"), ({"amount": "1", "amountFen": 100}, "请填写金额"),
                        ({"amount": "1", "subject": "x" * 33}, "收款说明"), ({"amount": "1", "foo": "1"}, "foo")):
        answer = await admin.get("/admin/open/v1/local_pay_pc", params=params)
        assert answer["code"] == 500 and msg in answer["msg"], (params, answer)
    assert (await admin.get("/admin/open/v1/wxpay_pay_pc", params={"amount": "1"}))["code"] == 404
    assert not await FinancePayCode.exists()
    code = (await admin.get("/admin/open/v1/local_pay_pc", params={"amount": "3"}))["data"]
    await FinancePayCode.filter(order_no=code["orderNo"]).update(expires_at=datetime(2020, 1, 1, tzinfo=UTC))
    status = (await admin.get("/admin/open/v1/pay_code/status", params={"orderNo": code["orderNo"]}))["data"]
    assert status["status"] == "expired" and status["secondsLeft"] == 0
    # money taken after the expiry is still recorded, marked late
    assert (await notify(client, "local", paid(code), WALLET_KEY))["result"] == "paid"
    row = await FinancePayCode.get(order_no=code["orderNo"])
    assert row.status == "paid" and row.paid_late
    assert (await admin.get("/admin/open/v1/pay_code/status", params={"orderNo": "NOPE"}))["code"] == 404


async def test_pay_code_permission(start_app, make_settings):
    client = await start_app(make_settings())
    admin = Caller(client, await token_for(client))
    viewer = await operator(admin, "pcviewer", ("finance:withdrawal:list",))
    assert await viewer.get("/admin/open/v1/local_pay_pc", params={"amount": "1"}) == FORBIDDEN
    assert await viewer.get("/admin/open/v1/pay_code/list") == FORBIDDEN
    assert await viewer.post("/admin/open/v1/pay_code/simulate_paid", json={"orderNo": "Q1"}) == FORBIDDEN
    assert not await FinancePayCode.exists()


class Provider:
    """A mobile-wallet provider on loopback: checks every signature, signs every answer, idempotent by number."""

    def __init__(self) -> None:
        self.payouts: dict[str, dict] = {}
        self.payout_calls = 0
        self.codes: dict[str, dict] = {}
        self.refunds: dict[str, dict] = {}
        self.refund_calls = 0
        self.mode = "ok"  # ok | fail | timeout | 500 | unsigned | refuse-funds | processing (refunds)
        self.app = web.Application()
        self.app.router.add_post("/gw/v1/pay_codes", self.create_code)
        self.app.router.add_post("/gw/v1/payouts", self.payout)
        self.app.router.add_get("/gw/v1/payouts/{no}", self.query)
        self.app.router.add_post("/gw/v1/refunds", self.refund)
        self.server = TestServer(self.app, host="127.0.0.1")

    def answer(self, request: web.Request, data: dict) -> web.Response:
        raw = orjson.dumps(data)
        if self.mode == "unsigned":
            return web.Response(body=raw, content_type="application/json")
        headers = signed_headers(WALLET_KEY, "RESPONSE", request.path, raw)
        headers.pop("Content-Type")
        return web.Response(body=raw, content_type="application/json", headers=headers)

    async def checked(self, request: web.Request) -> dict:
        raw = await request.read()
        check_signature(WALLET_KEY, request.headers, request.method, request.path, raw, time.time())
        assert request.headers["X-Wallet-Merchant"] == "M100"
        return orjson.loads(raw) if raw else {}

    async def create_code(self, request: web.Request) -> web.Response:
        body = await self.checked(request)
        if self.mode == "500":
            return web.Response(status=502, text="bad gateway")
        code = self.codes.setdefault(body["outTradeNo"], {"codeUrl": f"https://qr.wallet.test/{body['outTradeNo']}",
                                                          "tradeNo": f"T{len(self.codes) + 1}",
                                                          "expireAt": body["expireAt"]})
        return self.answer(request, {"code": "SUCCESS", "data": code})

    async def payout(self, request: web.Request) -> web.Response:
        body = await self.checked(request)
        self.payout_calls += 1
        if self.mode == "500":
            return web.Response(status=503, text="busy")
        if self.mode == "refuse-funds":
            return self.answer(request, {"code": "INSUFFICIENT_FUNDS", "message": "no money"})
        result = self.payouts.get(body["outPayoutNo"])
        if result is None:  # paid (or refused) once per number
            result = {"status": "FAILED", "failReason": "ACCOUNT_INVALID"} if self.mode == "fail" else \
                {"status": "SUCCESS", "payoutId": f"PO{len(self.payouts) + 1}"}
            self.payouts[body["outPayoutNo"]] = {**result, "amountFen": body["amountFen"]}
        if self.mode == "timeout":
            await asyncio.sleep(2)  # paid, but the answer comes after our timeout
        return self.answer(request, {"code": "SUCCESS", "data": result})

    async def refund(self, request: web.Request) -> web.Response:
        body = await self.checked(request)
        self.refund_calls += 1
        if self.mode == "500":
            return web.Response(status=500, text="down")
        if self.mode == "refuse-funds":
            return self.answer(request, {"code": "INSUFFICIENT_FUNDS", "message": "no money"})
        number = body["outRefundNo"]
        result = self.refunds.get(number)
        if result is None:  # refunded (or refused) once per number
            result = {"status": "FAILED", "failReason": "原支付单已关闭"} if self.mode == "fail" else \
                {"status": "PROCESSING"} if self.mode == "processing" else \
                {"status": "SUCCESS", "refundId": f"RF{len(self.refunds) + 1}"}
            self.refunds[number] = {**result, "amountFen": body["amountFen"], "outTradeNo": body["outTradeNo"]}
        elif result["status"] == "PROCESSING":  # as real providers: processing first, done when asked again
            result = self.refunds[number] = {**result, "status": "SUCCESS", "refundId": f"RF{len(self.refunds)}"}
        if self.mode == "timeout":
            await asyncio.sleep(2)  # refunded, but the answer comes after our timeout
        return self.answer(request, {"code": "SUCCESS", "data": result})

    async def query(self, request: web.Request) -> web.Response:
        await self.checked(request)
        return self.answer(request, {"code": "SUCCESS", "data": self.payouts[request.match_info["no"]]})

    @property
    def url(self) -> str:
        return str(self.server.make_url("/gw"))


@pytest.fixture
async def provider():
    server = Provider()
    await server.server.start_server()
    yield server
    await server.server.close()


async def http_console(start_app, make_settings, provider: Provider):
    client = await start_app(make_settings(
        chat_partner_key=KEY, wallet_provider="http", wallet_name="mpay", wallet_http_url=provider.url,
        wallet_merchant_id="M100", wallet_key=WALLET_KEY, wallet_notify_url="https://console.test/notify",
        wallet_timeout_seconds=0.5))
    await register(client, UID, nickName="提现用户")
    return client, Caller(client, await token_for(client))


async def test_http_wallet_pay_code_and_callback(start_app, make_settings, provider):
    client, admin = await http_console(start_app, make_settings, provider)
    assert (await admin.get("/admin/open/v1/local_pay_pc", params={"amount": "1"}))["code"] == 404
    created = (await admin.get("/admin/open/v1/mpay_pay_pc", params={"amount": "88.8"}))["data"]
    assert created["codeUrl"] == "https://qr.wallet.test/" + created["orderNo"]
    assert (created["providerTradeNo"], created["amountFen"], created["provider"]) == ("T1", 8880, "mpay")
    wrong_trade = await notify(client, "mpay", paid(created, trade_no="T9"), WALLET_KEY)
    assert wrong_trade["msg"] == "回调的渠道流水号与订单不符"
    assert (await notify(client, "mpay", paid(created), WALLET_KEY))["result"] == "paid"
    assert (await admin.post("/admin/open/v1/pay_code/simulate_paid", json={"orderNo": created["orderNo"]}))[
        "msg"] == "只有本地支付渠道可以模拟支付"
    provider.mode = "500"
    down = await admin.get("/admin/open/v1/mpay_pay_pc", params={"amount": "1"})
    assert down == {"code": 500, "msg": "支付渠道暂时不可用（HTTP 502），请稍后重试"}
    assert await FinancePayCode.filter(status="closed").count() == 1


async def test_http_wallet_payouts_success_failure_timeout_and_no_double_payout(start_app, make_settings, provider):
    client, admin = await http_console(start_app, make_settings, provider)
    await credit(client, 100_000)
    ok_id = (await withdraw(client, 10_000))["data"]["id"]
    fail_id = (await withdraw(client, 20_000))["data"]["id"]
    slow_id = (await withdraw(client, 30_000))["data"]["id"]
    for wid in (ok_id, fail_id, slow_id):
        assert (await edit(admin, wid, "approve"))["code"] == 200

    assert (await edit(admin, ok_id, "pay"))["data"]["status"] == "paid"
    row = await FinanceWithdrawal.get(id=ok_id)
    assert provider.payouts[row.payout_no]["amountFen"] == 10_000 and row.provider_trade_no == "PO1"

    provider.mode = "fail"
    failed = await edit(admin, fail_id, "pay")
    assert failed["data"]["status"] == "failed" and "收款账户不存在或已冻结" in failed["msg"]
    assert await balances() == (60_000, 30_000)

    # a 5xx: the outcome is unknown, the withdrawal stays paying, nothing unfrozen
    provider.mode = "500"
    answer = await edit(admin, slow_id, "pay")
    assert answer["code"] == 500 and answer["msg"].startswith("支付渠道暂时不可用（HTTP 503）")
    first_no = (await FinanceWithdrawal.get(id=slow_id)).payout_no
    assert (await FinanceWithdrawal.get(id=slow_id)).status == "paying"
    # ours to fix (funds): still paying, same number
    provider.mode = "refuse-funds"
    assert (await edit(admin, slow_id, "pay"))["msg"].startswith("商户账户余额不足")
    # a timeout after the provider paid: unknown here; the retry with the same number is answered, not re-paid
    provider.mode = "timeout"
    answer = await edit(admin, slow_id, "pay")
    assert answer["msg"].startswith("支付渠道响应超时，请稍后重试"), answer
    assert (await FinanceWithdrawal.get(id=slow_id)).status == "paying"
    provider.mode = "ok"
    assert (await edit(admin, slow_id, "pay"))["data"]["status"] == "paid"
    row = await FinanceWithdrawal.get(id=slow_id)
    assert row.payout_no == first_no and len([n for n in provider.payouts if n == first_no]) == 1
    assert provider.payouts[first_no]["amountFen"] == 30_000
    assert len(provider.payouts) == 3  # ok, fail, slow: one payout each, whatever the retries
    assert await balances() == (60_000, 0)
    await ledger_matches()

    # an answer not signed by the provider is not believed
    provider.mode = "unsigned"
    w = (await withdraw(client, 1_000))["data"]["id"]
    await edit(admin, w, "approve")
    assert (await edit(admin, w, "pay"))["msg"].startswith("支付渠道的应答签名不正确")
    assert (await FinanceWithdrawal.get(id=w)).status == "paying"


def test_signature_is_over_timestamp_nonce_method_path_and_body():
    assert sign("k", "1", "n" * 16, "post", "/p", b"{}") == sign("k", "1", "n" * 16, "POST", "/p", b"{}")
    assert sign("k", "1", "n" * 16, "POST", "/p", b"{}") != sign("k", "1", "n" * 16, "POST", "/q", b"{}")
