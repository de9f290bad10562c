"""The database-pool page: one-time ticket, cookie session, permission checked on every load."""

from __future__ import annotations

from tortoise import connections

from tests.conftest import BACKEND, Caller, token_for


async def session_id_of(caller: Caller) -> str:
    from core_api.auth.models import UserSession
    from core_api.auth.service import token_hash

    return str((await UserSession.get(token_hash=token_hash(caller.token))).id)


async def open_with_ticket(admin) -> tuple[str, object]:
    body = await admin.post("/monitor/druid/ticket")
    assert body["code"] == 200 and body["data"]["url"].startswith("/monitor/pool/open?ticket=")
    response = await admin.client.get(body["data"]["url"], allow_redirects=False)
    return body["data"]["url"], response


async def test_ticket_opens_a_cookie_session_once(admin):
    url, response = await open_with_ticket(admin)
    assert response.status == 302 and response.headers["Location"] == "/monitor/pool/"
    assert "console_pool=" in response.headers["Set-Cookie"] and "HttpOnly" in response.headers["Set-Cookie"]
    page = await admin.client.get("/monitor/pool/")
    text = await page.text()
    assert page.status == 200 and "数据库连接池" in text and "使用中" in text
    if BACKEND == "postgres":
        assert "pg_stat_activity" in text
    assert (await admin.get("/admin/NoticeImRecordSingle/list"))["code"] == 200  # a kept read: the lane keeps one
    data = await (await admin.client.get("/monitor/pool/data")).json()
    process = data["data"]["process"]
    if BACKEND == "postgres":  # the figures of the app's own asyncpg pool, read the moment after
        db = connections.get("default")
        pool = db._pool
        assert data["data"]["database"] == "postgres"
        assert (process["min"], process["max"]) == (1, 20)
        assert process["size"] == pool.get_size() and process["inUse"] == process["size"] - process["idle"]
        assert db.lane_idle() >= 1 and process["idle"] >= db.lane_idle()  # idle in the lane is idle, not in use
    else:  # SQLite has one connection, always in use
        assert data["data"]["database"] == "sqlite"
        assert process == {"min": 1, "max": 1, "size": 1, "idle": 0, "inUse": 1}
    again = await admin.client.get(url, allow_redirects=False)  # a ticket opens once
    assert again.status == 403


async def test_without_ticket_or_permission_nothing_shows(admin, client):
    client.session.cookie_jar.clear()
    assert (await client.get("/monitor/pool/")).status == 401
    assert (await client.get("/monitor/pool/open?ticket=forged")).status == 403
    ry = Caller(client, await token_for(client, "ry"))
    assert (await ry.post("/monitor/druid/ticket"))["code"] == 403
    # A page opened by an operator who is then disabled is refused on the next load: their session ended.
    _, response = await open_with_ticket(admin)
    assert response.status == 302
    from core_api.platform.state import AUTH
    from core_api.system.user.models import SysUser

    await SysUser.filter(user_name="admin").update(status="1")
    await client.app[AUTH].authz_changed()
    refused = await client.get("/monitor/pool/")
    assert refused.status == 401 and "会话已过期，请从控制台重新打开此页面" in await refused.text()


async def test_the_page_ends_with_the_session_that_opened_it(client):
    """Signing out, or being forced out, closes the pool page too: its cookie outlived both before."""
    # sign-out
    admin = Caller(client, await token_for(client))
    _, response = await open_with_ticket(admin)
    assert response.status == 302 and (await client.get("/monitor/pool/")).status == 200
    assert (await admin.post("/logout"))["msg"] == "退出成功"
    page = await client.get("/monitor/pool/")
    assert page.status == 401 and "会话已过期，请从控制台重新打开此页面" in await page.text()
    assert (await client.get("/monitor/pool/data")).status == 401

    # forced logout by another operator (Monitor > Online users)
    client.session.cookie_jar.clear()
    victim = Caller(client, await token_for(client))
    _, response = await open_with_ticket(victim)
    assert response.status == 302 and (await client.get("/monitor/pool/")).status == 200
    other = Caller(client, await token_for(client))
    assert (await other.delete(f"/monitor/online/{await session_id_of(victim)}"))["msg"] == "操作成功"
    assert (await client.get("/monitor/pool/")).status == 401
    # the operator who forced it out opens the page with their own session
    _, response = await open_with_ticket(other)
    assert response.status == 302 and (await client.get("/monitor/pool/")).status == 200
