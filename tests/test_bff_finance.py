"""The finance screens through the BFF against a real core: withdrawals (queue and ledger in one call) and pay
codes, the operator's permissions checked by the core on every part."""

from __future__ import annotations

from tests.conftest import bearer
from tests.test_bff import start_bff
from tests.test_consumer_screens import operator
from tests.test_withdrawals import UID, credit, setup, withdraw

FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}


async def test_the_withdrawal_screen_shows_the_queue_and_the_ledger(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, settings)
    await credit(client, 50_000)
    applied = (await withdraw(client, 12_000, account="13800138000"))["data"]
    await withdraw(client, 8_000, account="6222020200001234")

    async def screen(token: str, **params: str) -> dict:
        return await (await bff.get("/bff/screens/finance/withdrawal", params=params, headers=bearer(token))).json()

    answer = await screen(admin.token, uid=str(UID), status="applied", pageSize="50")
    assert answer["code"] == 200
    queue, ledger = answer["data"]["queue"], answer["data"]["ledger"]
    assert queue["total"] == 2 and queue["threshold"] > 0
    first = next(row for row in queue["rows"] if row["withdrawNo"] == applied["withdrawNo"])
    assert (first["amountFen"], first["payeeAccount"], first["status"]) == (12_000, "138****8000", "applied")
    assert first["payeeName"] != "王小明"  # masked
    # the ledger: the credit, then two freezes, newest first
    assert [entry["kind"] for entry in ledger["rows"]] == ["freeze", "freeze", "commission"]
    assert ledger["rows"][0]["availableAfter"] == 30_000 and ledger["total"] == 3
    # the ledger is paged on its own: its second page of two holds the credit, the queue keeps its page
    paged = (await screen(admin.token, uid=str(UID), ledgerPage="2", ledgerPageSize="2"))["data"]
    assert [entry["kind"] for entry in paged["ledger"]["rows"]] == ["commission"] and paged["ledger"]["total"] == 3
    assert paged["queue"]["total"] == 2
    frozen = (await screen(admin.token, uid=str(UID), ledgerKind="freeze"))["data"]["ledger"]
    assert [entry["kind"] for entry in frozen["rows"]] == ["freeze", "freeze"] and frozen["total"] == 2
    assert (await screen(admin.token, ledgerPage="0"))["code"] == 500
    assert (await screen(admin.token, ledgerKind="gift"))["code"] == 500
    assert (await screen(admin.token, status="paid"))["data"]["queue"] == {"rows": [], "total": 0,
                                                                          "threshold": queue["threshold"]}
    # a bad filter is refused before the core is asked; an operator without the permission gets the refusal
    assert (await screen(admin.token, uid="x"))["code"] == 500
    assert (await screen(admin.token, status="lost"))["code"] == 500
    clerk = await operator(admin, "fclerk", ("finance:payCode:add",))
    assert await screen(clerk.token) == FORBIDDEN


async def test_the_pay_code_screen_lists_the_codes_and_the_provider(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, settings)

    async def screen(token: str, **params: str) -> dict:
        return await (await bff.get("/bff/screens/finance/pay-code", params=params, headers=bearer(token))).json()

    empty = (await screen(admin.token))["data"]
    assert empty["rows"] == [] and empty["total"] == 0 and empty["simulate"] is True
    made = await admin.get(f"/admin/open/v1/{empty['provider']}_pay_pc",
                           params={"amount": "12.5", "subject": "门店收款"})
    assert made["data"]["secondsLeft"] > 0
    listed = (await screen(admin.token, pageSize="10"))["data"]
    shown = [(row["amountFen"], row["subject"], row["status"]) for row in listed["rows"]]
    assert shown == [(1250, "门店收款", "pending")]
    assert (await screen(admin.token, status="gone"))["code"] == 500
    viewer = await operator(admin, "fviewer", ("finance:withdrawal:list",))
    assert await screen(viewer.token) == FORBIDDEN
