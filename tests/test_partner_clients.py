"""The partner clients (issue 27 §4): clients/ is what its generators make of the partner API's document, and both
clients, the Python one and the TypeScript one, sign, key and retry their calls well enough to do the app server's
work against a running core: register users, credit a wallet, request a withdrawal, place and pay an order, push
chat records; a write whose answer was lost is retried under its key and applied once."""

from __future__ import annotations

import asyncio
import filecmp
import json
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession, web
from aiohttp.test_utils import TestServer
from yarl import URL

from core_api.account.consumer.models import AccountConsumer
from core_api.finance.withdrawal.models import FinanceWallet, FinanceWithdrawal
from core_api.im.record.models import ImRecordSingle
from core_api.mall.goods.models import MallSku
from core_api.order.core.models import OrderMain
from core_api.partner.document import PARTNER_OPENAPI, partner_document
from core_api.platform.settings import ROOT
from tests.conftest import code_only
from tests.mall_support import make_shop
from tests.order_support import goods_of
from tests.test_order_place import ADDRESS, WALLET_KEY, notify
from tests.test_partner_api import KEY

CLIENTS = ROOT / "clients"
sys.path.insert(0, str(CLIENTS / "python"))

from console_partner.api.partner import (  # noqa: E402
    config_page_core_v2_partner,
    partner_feed_im_records_single,
    partner_feed_im_records_single_batch,
    partner_upsert_consumer,
    place_partner_pay,
    place_partner_place,
    withdrawal_partner_credit,
    withdrawal_partner_withdraw,
)
from console_partner.models import (  # noqa: E402
    AddressIn,
    ConfigPageCoreV2PartnerPlatform,
    ConsumerIn,
    CreditIn,
    ItemIn,
    OrderIn,
    PartnerNoticeImRecordSingle,
    PartnerNoticeImRecordSingleBatch,
    PlaceIn,
    ShopIn,
    ShopInDelivery,
    WithdrawIn,
    WithdrawInChannel,
)
from partner_client import PartnerError, idempotency_key, signed_client, unwrap  # noqa: E402

# ---- the committed clients are the generators' output


@code_only
def test_the_partner_document_is_current():
    assert json.loads(PARTNER_OPENAPI.read_text()) == json.loads(json.dumps(partner_document())), (
        "run: python -m core_api openapi --partner")


@code_only
def test_the_committed_clients_are_what_the_generators_make(tmp_path: Path):
    """clients/generate.py into a scratch directory: every generated file equal to the committed one, none
    missing, none left over."""
    done = subprocess.run([sys.executable, str(CLIENTS / "generate.py"), str(tmp_path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    stale = _differences(tmp_path / "python" / "console_partner", CLIENTS / "python" / "console_partner")
    types = "typescript/src/partner-types.ts"
    if (tmp_path / types).read_bytes() != (CLIENTS / types).read_bytes():
        stale.append(types)
    assert not stale, f"stale generated clients ({', '.join(stale)}): run .venv/bin/python clients/generate.py"


def _differences(fresh: Path, committed: Path) -> list[str]:
    names = {p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    kept = {p.relative_to(committed) for p in committed.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    return sorted(str(n) for n in names ^ kept) + sorted(
        str(n) for n in names & kept if not filecmp.cmp(fresh / n, committed / n, shallow=False))


# ---- both clients against a running core


UIDS = {"python": (9301, 9302), "typescript": (9401, 9402)}


class LosingProxy:
    """A real HTTP hop in front of the core that lets the core apply the first ``lose`` writes and then answers
    the client 503, as a gateway that lost the core's answer would: the client must retry under the same key."""

    def __init__(self, core: str, lose: int) -> None:
        self.core, self.lose = core, lose
        self.keys: list[str] = []
        self.replayed: list[bool] = []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        headers = {k: v for k, v in request.headers.items() if k.lower().startswith(("x-partner", "idempotency",
                                                                                      "content-type"))}
        self.keys.append(request.headers.get("Idempotency-Key", ""))
        async with ClientSession() as session, session.request(
                request.method, URL(self.core + request.raw_path, encoded=True), headers=headers,
                data=await request.read()) as answer:
            body = await answer.read()
            self.replayed.append(answer.headers.get("Idempotent-Replayed") == "true")
        if request.method != "GET" and self.lose > 0:
            self.lose -= 1
            return web.Response(status=503, text="the gateway lost the answer")
        return web.Response(body=body, content_type="application/json")


@pytest.fixture
async def core(start_app, make_settings) -> AsyncIterator[dict[str, Any]]:
    """The core on loopback with a shop selling one SKU, and a proxy in front of it that loses one answer."""
    client = await start_app(make_settings(chat_partner_key=KEY, wallet_key=WALLET_KEY))
    shop = await make_shop("客户端测试店")
    _, (sku,) = await goods_of(shop, "客户端商品", (2500,), stock=10)
    base = str(client.make_url("")).rstrip("/")
    proxy = LosingProxy(base, lose=1)
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", proxy.handle)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        yield {"client": client, "base": base, "shop": shop, "sku": sku, "proxy": proxy,
               "proxy_base": str(server.make_url("")).rstrip("/")}
    finally:
        await server.close()


async def test_the_python_client_does_the_app_servers_work(core):
    uid, friend = UIDS["python"]
    client = signed_client(core["base"], KEY)
    try:
        for u in (uid, friend):
            body = ConsumerIn(uid=u, nick_name=f"用户{u}")
            saved = unwrap(await partner_upsert_consumer.asyncio(client=client, body=body))
            assert saved.data.created and saved.data.uid == u
        credited = unwrap(await withdrawal_partner_credit.asyncio(
            client=client, body=CreditIn(uid=uid, amount_fen=5000, biz_no=f"py-{uuid.uuid4().hex}")))
        assert (credited.data.applied, credited.data.available_fen) == (True, 5000)
        withdrawn = unwrap(await withdrawal_partner_withdraw.asyncio(client=client, body=WithdrawIn(
            uid=uid, amount_fen=2000, request_no="py-w-1", channel=WithdrawInChannel.WALLET,
            payee_account="13800138000", payee_name="王小明")))
        assert (withdrawn.data.available_fen, withdrawn.data.frozen_fen) == (3000, 2000)
        placed = unwrap(await place_partner_place.asyncio(client=client, body=PlaceIn(
            request_no="py-order-1", uid=uid, address=AddressIn(**ADDRESS),
            shops=[ShopIn(shop_id=core["shop"].id, delivery=ShopInDelivery.EXPRESS,
                          items=[ItemIn(sku_id=core["sku"].id, quantity=2)])]))).data
        assert placed.pay_fen == 5000 and placed.shop_orders[0].lines[0].quantity == 2
        payment = unwrap(await place_partner_pay.asyncio(client=client, body=OrderIn(uid=uid,
                                                                                     order_no=placed.order_no)))
        assert payment.data.code_url and payment.data.code_url.startswith("localpay://")
        sent = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
        pushed = unwrap(await partner_feed_im_records_single_batch.asyncio(
            client=client, body=PartnerNoticeImRecordSingleBatch(records=[PartnerNoticeImRecordSingle(
                from_uid=uid, to_uid=friend, content=f"第{i}条", sent_time=sent) for i in range(3)])))
        assert pushed.data.count == 3
        config = unwrap(await config_page_core_v2_partner.asyncio(
            client=client, platform=ConfigPageCoreV2PartnerPlatform.IOS))  # a signed query
        assert config.data.platform == "ios"
        with pytest.raises(PartnerError) as refused:
            unwrap(await withdrawal_partner_credit.asyncio(client=client, body=CreditIn(
                uid=999999, amount_fen=100, biz_no="py-nobody")))
        assert (refused.value.code, refused.value.msg) == (500, "用户 999999 不存在")
    finally:
        await client.get_async_httpx_client().aclose()
    await _paid(core["client"], placed.order_no, payment.data.out_trade_no, 5000)
    await _effects(core, uid, friend, order_no=placed.order_no, stock=8)
    # A lost answer: the retry carries the same key, the core answers the stored result, one record.
    lossy = signed_client(core["proxy_base"], KEY)
    try:
        with idempotency_key("py-lost-answer"):
            again = unwrap(await partner_feed_im_records_single.asyncio(client=lossy, body=PartnerNoticeImRecordSingle(
                from_uid=friend, to_uid=uid, content="回执", sent_time=sent)))
    finally:
        await lossy.get_async_httpx_client().aclose()
    assert again.data.created and core["proxy"].keys == ["py-lost-answer"] * 2 and core["proxy"].replayed == [
        False, True]
    assert await ImRecordSingle.filter(from_uid=friend, to_uid=uid).count() == 1


async def test_the_typescript_client_does_the_app_servers_work(core, tmp_path: Path):
    uid, friend = UIDS["typescript"]
    out = await _node_drive(core, tmp_path, uid=uid, friend=friend)
    assert out["registered"] == [True, True]
    assert out["credited"] == {"applied": True, "availableFen": 5000}
    assert out["withdrawn"] == {"availableFen": 3000, "frozenFen": 2000}
    assert out["placed"]["payFen"] == 5000 and out["pay"]["codeUrl"].startswith("localpay://")
    assert out["pushed"] == 3 and out["platform"] == "ios"
    assert out["refused"] == {"code": 500, "msg": "用户 999999 不存在"}
    await _paid(core["client"], out["placed"]["orderNo"], out["pay"]["outTradeNo"], 5000)
    await _effects(core, uid, friend, order_no=out["placed"]["orderNo"], stock=8)
    assert out["lost"] == {"created": True}
    assert core["proxy"].keys == ["ts-lost-answer"] * 2 and core["proxy"].replayed == [False, True]
    assert await ImRecordSingle.filter(from_uid=friend, to_uid=uid).count() == 1


async def _paid(client, order_no: str, out_trade_no: str | None, fen: int) -> None:
    """The wallet provider's notice of the payment (what the app's user does with the pay code)."""
    assert out_trade_no
    assert (await notify(client, out_trade_no, fen))["code"] == "SUCCESS"
    assert (await OrderMain.get(order_no=order_no)).pay_status == "paid"


async def _effects(core: dict[str, Any], uid: int, friend: int, *, order_no: str, stock: int) -> None:
    assert await AccountConsumer.filter(uid__in=[uid, friend]).count() == 2
    wallet = await FinanceWallet.get(uid=uid)
    assert (wallet.available_fen, wallet.frozen_fen) == (3000, 2000)
    assert await FinanceWithdrawal.filter(uid=uid, amount_fen=2000, status="applied").count() == 1
    assert (await OrderMain.get(order_no=order_no)).uid == uid
    assert (await MallSku.get(id=core["sku"].id)).stock == stock
    records = await ImRecordSingle.filter(from_uid=uid, to_uid=friend).order_by("id")
    assert [r.content for r in records] == ["第0条", "第1条", "第2条"]


async def _node_drive(core: dict[str, Any], tmp_path: Path, **ids: int) -> dict[str, Any]:
    """Compiles the TypeScript client with its driver (tsc: a type error fails here) under the repository, so
    that Node finds openapi-fetch, and runs the driver; its last line is what it saw, as JSON."""
    build = ROOT / "var" / f"partner-client-{uuid.uuid4().hex[:8]}"
    try:
        config = CLIENTS / "typescript" / "tsconfig.test.json"
        await _run(str(ROOT / "node_modules" / ".bin" / "tsc"), "-p", str(config), "--outDir", str(build))
        (build / "package.json").write_text('{"type": "module"}')
        env = {**os.environ, "CORE": core["base"], "PROXY": core["proxy_base"], "PARTNER_KEY": KEY,
               "SHOP_ID": str(core["shop"].id), "SKU_ID": str(core["sku"].id), "ADDRESS": json.dumps(ADDRESS),
               "UID": str(ids["uid"]), "FRIEND": str(ids["friend"])}
        lines = await _run("node", str(build / "test" / "drive.js"), env=env)
        return json.loads(lines.strip().splitlines()[-1])
    finally:
        shutil.rmtree(build, ignore_errors=True)


async def _run(*command: str, env: dict[str, str] | None = None) -> str:
    """A subprocess awaited without blocking the loop the core serves on."""
    proc = await asyncio.create_subprocess_exec(*command, cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.STDOUT)
    output = (await asyncio.wait_for(proc.communicate(), timeout=180))[0].decode()
    assert proc.returncode == 0, f"{' '.join(command)}:\n{output}"
    return output
