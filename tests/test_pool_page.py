"""The database-pool page: one-time ticket, cookie session, permission checked on every load."""

from __future__ import annotations

from tortoise import connections

from tests.conftest import BACKEND, Caller, token_for


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
    data = await (await admin.client.get("/monitor/pool/data")).json()
    process = data["data"]["process"]
    if BACKEND == "postgres":  # the figures of the app's own asyncpg pool, read the moment after
        pool = connections.get("default")._pool
        assert data["data"]["database"] == "postgres"
        assert (process["min"], process["max"]) == (1, 20)
        assert process["size"] == pool.get_size() and process["inUse"] == process["size"] - process["idle"]
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
    # A session opened by an operator who then loses the permission is refused on the next load.
    _, response = await open_with_ticket(admin)
    assert response.status == 302
    from core_api.platform.state import AUTH
    from core_api.system.user.models import SysUser

    await SysUser.filter(user_name="admin").update(status="1")
    await client.app[AUTH].authz_changed()
    assert (await client.get("/monitor/pool/")).status == 403
