"""Withdrawals (issue 12 §2, DOMAIN.md): the app server credits wallets and requests withdrawals (frozen in one
conditional update), operators approve (a second approver above the threshold), finance pays through the
wallet adapter (a fresh password above the threshold), rejections and failures unfreeze; every movement is a
ledger entry; concurrent identical requests succeed exactly as often as allowed."""

from __future__ import annotations

import asyncio
import uuid

from core_api.finance.withdrawal.models import FinanceLedger, FinanceWallet, FinanceWithdrawal
from core_api.platform.clock import Clock
from tests.conftest import PASSWORD, Caller, token_for
from tests.test_consumer_screens import operator
from tests.test_partner_api import KEY, partner_post, register

FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}
UID = 7001
ALL = ("finance:withdrawal:list", "finance:withdrawal:query", "finance:withdrawal:edit",
       "finance:withdrawal:approve", "finance:withdrawal:pay")


async def setup(start_app, make_settings, **settings):
    client = await start_app(make_settings(chat_partner_key=KEY, **settings))
    await register(client, UID, nickName="提现用户")
    return client, Caller(client, await token_for(client))


async def credit(client, amount: int, biz_no: str | None = None, uid: int = UID) -> dict:
    body, _ = await partner_post(client, "/api/partner/v1/wallet/credit",
                                 {"uid": uid, "amountFen": amount, "bizNo": biz_no or uuid.uuid4().hex})
    return body


async def withdraw(client, amount: int, request_no: str | None = None, account: str = "13800138000",
                   uid: int = UID, **extra) -> dict:
    body, _ = await partner_post(client, "/api/partner/v1/withdrawals", {
        "uid": uid, "amountFen": amount, "requestNo": request_no or uuid.uuid4().hex, "channel": "wallet",
        "payeeAccount": account, "payeeName": "王小明", **extra})
    return body


async def edit(caller: Caller, wid: int, action: str, **extra) -> dict:
    return await caller.post("/admin/CommonConfig/edit_withdrawal", json={"id": wid, "action": action, **extra})


async def balances(uid: int = UID) -> tuple[int, int]:
    wallet = await FinanceWallet.get(uid=uid)
    return wallet.available_fen, wallet.frozen_fen


async def ledger_matches(uid: int = UID) -> None:
    entries = await FinanceLedger.filter(uid=uid).order_by("id")
    available = sum(e.available_delta for e in entries)
    frozen = sum(e.frozen_delta for e in entries)
    assert (available, frozen) == await balances(uid)
    assert all(e.available_after >= 0 and e.frozen_after >= 0 for e in entries)
    if entries:
        assert (entries[-1].available_after, entries[-1].frozen_after) == (available, frozen)


async def test_credit_freeze_approve_pay_and_the_ledger(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    first = await credit(client, 30_000, "commission-1")
    assert first["code"] == 200 and first["data"]["availableFen"] == 30_000 and first["data"]["applied"]
    # the same income again (another Idempotency-Key, same bizNo) is credited once
    again = await credit(client, 30_000, "commission-1")
    assert again["data"]["applied"] is False and again["data"]["availableFen"] == 30_000
    assert (await credit(client, 500, "commission-1"))["code"] == 409
    applied = await withdraw(client, 12_345, "req-1")
    assert applied["code"] == 200, applied
    wid = applied["data"]["id"]
    assert (applied["data"]["status"], applied["data"]["availableFen"], applied["data"]["frozenFen"]) == (
        "applied", 17_655, 12_345)
    # the same request number is one withdrawal
    repeat = await withdraw(client, 12_345, "req-1")
    assert repeat["data"]["id"] == wid and repeat["data"]["created"] is False
    assert await balances() == (17_655, 12_345)

    queue = await admin.get("/admin/CommonConfig/cash_withdrawal_user", params={"status": "applied"})
    assert queue["total"] == 1 and queue["threshold"] == 500_000
    row = queue["rows"][0]
    assert (row["uid"], row["amountFen"], row["payeeAccount"], row["payeeName"]) == (
        UID, 12_345, "138****8000", "王**")
    assert "13800138000" not in str(queue)

    assert await edit(admin, wid, "approve") == {"code": 200, "msg": "操作成功", "data": {"id": wid,
                                                                                   "status": "approved"}}
    paid = await edit(admin, wid, "pay")
    assert paid["data"]["status"] == "paid", paid
    assert await balances() == (17_655, 0)
    row = await FinanceWithdrawal.get(id=wid)
    assert row.status == "paid" and row.payout_no and row.provider_trade_no == "LP" + row.payout_no
    # a paid withdrawal neither pays again nor unfreezes
    assert (await edit(admin, wid, "pay"))["msg"] == "该提现已打款，不能打款"
    assert (await edit(admin, wid, "reject", remark="晚了"))["msg"] == "该提现已打款，不能驳回"
    detail = (await admin.get("/admin/CommonConfig/withdrawal_detail", params={"id": wid}))["data"]
    assert [e["kind"] for e in detail["ledger"]] == ["freeze", "payout"]
    assert detail["wallet"]["availableFen"] == 17_655 and detail["payeeAccount"] == "138****8000"
    ledger = await admin.get("/admin/finance/ledger/list", params={"uid": UID})
    assert [r["kind"] for r in ledger["rows"]] == ["payout", "freeze", "commission"]
    assert ledger["rows"][0]["availableAfter"] == 17_655 and ledger["rows"][0]["frozenAfter"] == 0
    wallets = await admin.get("/admin/finance/wallet/list", params={"uid": UID})
    assert wallets["rows"][0]["availableFen"] == 17_655
    await ledger_matches()


async def test_reject_and_a_failed_payout_unfreeze(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 10_000)
    rejected = (await withdraw(client, 4_000))["data"]["id"]
    failing = (await withdraw(client, 3_000, account="fail-account"))["data"]["id"]
    assert await balances() == (3_000, 7_000)
    assert (await edit(admin, rejected, "reject"))["msg"] == "请填写驳回原因"
    assert (await edit(admin, rejected, "reject", remark="账户信息不符"))["code"] == 200
    assert await balances() == (7_000, 3_000)
    row = await FinanceWithdrawal.get(id=rejected)
    assert (row.status, row.reason) == ("rejected", "账户信息不符")
    assert (await edit(admin, rejected, "approve"))["msg"] == "该提现已驳回，不能审核"
    assert (await edit(admin, failing, "approve"))["code"] == 200
    failed = await edit(admin, failing, "pay")
    assert failed["data"]["status"] == "failed" and "收款账户不存在或已冻结" in failed["msg"]
    assert await balances() == (10_000, 0)
    assert (await edit(admin, failing, "pay"))["msg"] == "该提现打款失败，不能打款"
    await ledger_matches()


async def test_bad_input_is_refused_and_changes_nothing(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 5_000)
    short = await withdraw(client, 5_001)
    assert short == {"code": 500, "msg": "可提现余额不足"}
    assert not await FinanceWithdrawal.exists()
    for bad, field in (({"amountFen": 99}, "金额"), ({"amountFen": "100"}, "金额"), ({"channel": "cash"}, "到账渠道"),
                       ({"payeeAccount": "1; drop"}, "收款账号"), ({"status": "paid"}, "status"),
                       ({"availableFen": 10}, "availableFen")):
        body = await withdraw(client, 1_000, **bad) if "amountFen" not in bad else \
            (await partner_post(client, "/api/partner/v1/withdrawals", {
                "uid": UID, "requestNo": "r-bad", "channel": "wallet", "payeeAccount": "13800138000",
                "payeeName": "王小明", **bad}))[0]
        assert body["code"] == 500 and field in body["msg"], (bad, body)
    assert (await withdraw(client, 1_000, uid=999_999))["msg"] == "用户 999999 不存在"
    assert (await credit(client, 100, uid=999_999))["msg"] == "用户 999999 不存在"
    assert not await FinanceWithdrawal.exists()
    assert await balances() == (5_000, 0)
    wid = (await withdraw(client, 1_000))["data"]["id"]
    for body in ({"id": wid, "action": "delete"}, {"id": "x", "action": "approve"}, {"id": wid, "action": "approve",
                                                                                    "status": "paid"},
                 {"id": 0, "action": "approve"}):
        answer = await admin.post("/admin/CommonConfig/edit_withdrawal", json=body)
        assert answer["code"] == 500, (body, answer)
    assert (await edit(admin, 987_654, "approve")) == {"code": 404, "msg": "提现记录不存在"}
    assert (await admin.get("/admin/CommonConfig/cash_withdrawal_user", params={"status": "x"}))["code"] == 500
    assert (await admin.get("/admin/CommonConfig/withdrawal_detail", params={"id": 987_654}))["code"] == 404
    assert (await FinanceWithdrawal.get(id=wid)).status == "applied"
    await ledger_matches()


async def test_permissions_and_two_approvers_with_a_fresh_password(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 1_000_000)
    big = (await withdraw(client, 600_000))["data"]["id"]
    small = (await withdraw(client, 1_000))["data"]["id"]
    viewer = await operator(admin, "fviewer", ("finance:withdrawal:list",))
    approver = await operator(admin, "fapprover", ("finance:withdrawal:list", "finance:withdrawal:approve"))
    payer = await operator(admin, "fpayer", ("finance:withdrawal:list", "finance:withdrawal:pay"))
    assert (await viewer.get("/admin/CommonConfig/cash_withdrawal_user"))["total"] == 2
    assert await viewer.get("/admin/CommonConfig/withdrawal_detail", params={"id": big}) == FORBIDDEN
    assert await viewer.get("/admin/finance/wallet/list") == FORBIDDEN
    assert await edit(viewer, small, "approve") == FORBIDDEN
    assert await edit(approver, small, "pay") == FORBIDDEN
    assert await edit(approver, small, "reject", remark="x") == FORBIDDEN
    assert await edit(payer, small, "approve") == FORBIDDEN
    assert (await FinanceWithdrawal.get(id=small)).status == "applied"

    # above the threshold: a second approver, never the first one again
    assert (await edit(approver, big, "approve"))["data"]["status"] == "reviewing"
    assert (await edit(approver, big, "approve"))["msg"] == "大额提现需要另一位审核人复核，初审人不能复核"
    assert (await edit(payer, big, "pay"))["msg"] == "该提现待复核，不能打款"
    assert (await edit(admin, big, "approve"))["data"]["status"] == "approved"
    row = await FinanceWithdrawal.get(id=big)
    assert (row.approver1, row.approver2, row.needs_second) == ("fapprover", "admin", True)
    # its payout needs the payer's own password, checked before anything happens
    assert await edit(payer, big, "pay") == {"code": 428, "msg": "大额打款需要重新输入登录密码"}
    assert await edit(payer, big, "pay", password="wrong-password") == {
        "code": 428, "msg": "登录密码不正确，密码输入错误1次，再错4次将锁定10分钟"}
    assert await edit(payer, big, "pay", password=PASSWORD) == {
        "code": 428, "msg": "登录密码不正确，密码输入错误2次，再错3次将锁定10分钟"}
    assert (await FinanceWithdrawal.get(id=big)).status == "approved"
    assert (await edit(payer, big, "pay", password="secret123"))["data"]["status"] == "paid"
    # a small one needs one approval and no password; the threshold is the operators' parameter
    assert (await edit(approver, small, "approve"))["data"]["status"] == "approved"
    assert (await edit(payer, small, "pay"))["data"]["status"] == "paid"
    await ledger_matches()


async def test_wrong_re_entered_passwords_lock_the_payout_like_a_sign_in(start_app, make_settings):
    """Issue 26 §2: a large payout took 30 wrong passwords and then the right one."""
    clock = Clock()
    client = await start_app(make_settings(chat_partner_key=KEY), clock=clock)
    await register(client, UID, nickName="提现用户")
    admin = Caller(client, await token_for(client))
    await credit(client, 1_000_000)
    big = (await withdraw(client, 600_000))["data"]["id"]
    approver = await operator(admin, "fapprover", ("finance:withdrawal:list", "finance:withdrawal:approve"))
    assert (await edit(approver, big, "approve"))["data"]["status"] == "reviewing"
    assert (await edit(admin, big, "approve"))["data"]["status"] == "approved"
    payer = await operator(admin, "fpayer", ("finance:withdrawal:list", "finance:withdrawal:pay"))
    before = await balances()

    for n in range(1, 5):
        assert await edit(payer, big, "pay", password=f"guess-{n}") == {
            "code": 428, "msg": f"登录密码不正确，密码输入错误{n}次，再错{5 - n}次将锁定10分钟"}
    locked = {"code": 428, "msg": "密码输入错误5次，已锁定，请10分钟后再试"}
    assert await edit(payer, big, "pay", password="guess-5") == locked
    assert await edit(payer, big, "pay", password="secret123") == locked  # even the right one, while locked
    assert (await FinanceWithdrawal.get(id=big)).status == "approved"
    assert await balances() == before
    assert not await FinanceLedger.filter(kind="payout").exists()
    # counted per operator: another payer has their own count; the locked one still signs in
    other = await operator(admin, "fpayer2", ("finance:withdrawal:list", "finance:withdrawal:pay"))
    assert (await edit(other, big, "pay", password="nope1"))["msg"] == \
        "登录密码不正确，密码输入错误1次，再错4次将锁定10分钟"
    assert await token_for(client, "fpayer", "secret123")

    clock.advance(601)  # the lock's ten minutes are over
    payer = Caller(client, await token_for(client, "fpayer", "secret123"))
    assert (await edit(payer, big, "pay", password="secret123"))["data"]["status"] == "paid"
    await ledger_matches()


async def test_the_threshold_is_a_system_parameter(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    from core_api.system.config.models import SysConfig

    config = await SysConfig.get(config_key="biz.withdrawal.secondApproveFen")
    saved = await admin.put("/system/config", json={
        "configId": config.config_id, "configName": config.config_name, "configKey": config.config_key,
        "configValue": "1000", "configType": config.config_type})
    assert saved["code"] == 200, saved
    await credit(client, 5_000)
    wid = (await withdraw(client, 1_001))["data"]["id"]
    assert (await edit(admin, wid, "approve"))["data"]["status"] == "reviewing"


async def test_concurrent_requests_against_a_balance_freeze_exactly_what_it_allows(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    await credit(client, 3_500)
    answers = await asyncio.gather(*(withdraw(client, 1_000) for _ in range(20)))
    assert sum(a["code"] == 200 for a in answers) == 3
    assert {a["msg"] for a in answers if a["code"] != 200} == {"可提现余额不足"}
    assert await balances() == (500, 3_000)
    assert await FinanceWithdrawal.filter(uid=UID).count() == 3
    await ledger_matches()
    # twenty concurrent credits of one income: once
    credits = await asyncio.gather(*(credit(client, 700, "same-income") for _ in range(20)))
    assert all(c["code"] == 200 for c in credits), credits
    assert sum(c["data"]["applied"] for c in credits) == 1
    assert await balances() == (1_200, 3_000)
    await ledger_matches()


async def test_twenty_identical_approve_pay_and_reject_succeed_once(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 50_000)
    approve_id = (await withdraw(client, 10_000))["data"]["id"]
    pay_id = (await withdraw(client, 10_000))["data"]["id"]
    reject_id = (await withdraw(client, 10_000))["data"]["id"]
    approved = await asyncio.gather(*(edit(admin, approve_id, "approve") for _ in range(20)))
    assert sum(a["code"] == 200 for a in approved) == 1
    assert (await edit(admin, pay_id, "approve"))["code"] == 200
    wallet = client.server.app[__import__("core_api.platform.state", fromlist=["WALLET"]).WALLET]
    calls_before = wallet.payout_calls
    paid = await asyncio.gather(*(edit(admin, pay_id, "pay") for _ in range(20)))
    assert sum(p["code"] == 200 for p in paid) == 1
    assert wallet.payout_calls == calls_before + 1
    rejected = await asyncio.gather(*(edit(admin, reject_id, "reject", remark="重复") for _ in range(20)))
    assert sum(r["code"] == 200 for r in rejected) == 1
    assert [(await FinanceWithdrawal.get(id=i)).status for i in (approve_id, pay_id, reject_id)] == [
        "approved", "paid", "rejected"]
    assert await FinanceLedger.filter(withdrawal_id=reject_id, kind="unfreeze").count() == 1
    assert await FinanceLedger.filter(withdrawal_id=pay_id, kind="payout").count() == 1
    assert await balances() == (30_000, 10_000)
    await ledger_matches()


async def test_the_demo_wallets_agree_with_their_ledger(admin):
    from core_api import demo

    await demo.generate(12, seed=5)
    wallets = await FinanceWallet.all()
    assert len(wallets) == 8
    for wallet in wallets:
        await ledger_matches(wallet.uid)
    assert {w.status for w in await FinanceWithdrawal.all()} == {
        "applied", "reviewing", "approved", "paid", "rejected", "failed"}
    queue = await admin.get("/admin/CommonConfig/cash_withdrawal_user", params={"status": "reviewing"})
    assert queue["total"] == 1 and queue["rows"][0]["needsSecond"] is True
    # its first approver is admin, by user id: admin may not approve it again, another approver may
    reviewing = await FinanceWithdrawal.get(status="reviewing")
    assert (reviewing.approver1, reviewing.approver1_id) == ("admin", 1)
    assert (await edit(admin, reviewing.id, "approve"))["msg"] == "大额提现需要另一位审核人复核，初审人不能复核"
    approver = await operator(admin, "fapprover", ("finance:withdrawal:list", "finance:withdrawal:approve"))
    assert (await edit(approver, reviewing.id, "approve"))["data"]["status"] == "approved"


async def test_a_second_approval_when_the_first_approver_has_no_user_id(start_app, make_settings):
    """Issue 26 §4: a row whose first approver is known by name only (the demo's rows were) answered
    "提现状态已变化" to every second approver: the exclude on a NULL id matched nothing."""
    client, admin = await setup(start_app, make_settings)
    await credit(client, 1_000_000)
    wid = (await withdraw(client, 600_000))["data"]["id"]
    await FinanceWithdrawal.filter(id=wid).update(status="reviewing", needs_second=True, approver1="fapprover",
                                                  approver1_id=None)
    approver = await operator(admin, "fapprover", ("finance:withdrawal:list", "finance:withdrawal:approve"))
    assert (await edit(approver, wid, "approve"))["msg"] == "大额提现需要另一位审核人复核，初审人不能复核"
    assert (await FinanceWithdrawal.get(id=wid)).status == "reviewing"  # by name, still not the first approver
    assert (await edit(admin, wid, "approve"))["data"]["status"] == "approved"
    row = await FinanceWithdrawal.get(id=wid)
    assert (row.approver1, row.approver2, row.approver2_id) == ("fapprover", "admin", 1)
