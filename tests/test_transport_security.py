"""Web and transport security on the core and the BFF: security headers on every answer, HSTS only over
HTTPS, the BFF's OpenAPI document closed in production, 415 for bodies of another type than a call reads,
and chat images and avatars only from the console's own storage."""

from __future__ import annotations

import aiohttp
from aiohttp.test_utils import TestServer

from bff.app import create_app as create_bff
from core_api.messaging.chat.models import ChatMessage, ChatRoom
from core_api.platform.storage import is_stored_address
from core_api.system.notice.models import SysNotice
from ops.chat_sim import ChatPeer
from tests.conftest import Caller, bearer, token_for
from tests.test_bff import bff_login
from tests.test_bff_tools import captcha_login

API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
KEY = "partner-key-" + "k" * 24
IMAGE_REFUSED = {"code": 500, "msg": "图片地址不正确：只能使用本系统上传的图片"}
AVATAR_REFUSED = {"code": 500, "msg": "头像地址不正确：只能使用本系统上传的图片"}
# What a customer sent to make the console call one of its own state-changing GETs.
TRAVERSAL = "/profile/../api/bff/api/monitor/logininfor/unlock/admin"


def assert_api_headers(headers) -> None:
    assert headers["Content-Security-Policy"] == API_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "SAMEORIGIN"
    assert headers["Referrer-Policy"] == "same-origin"


async def start_bff(aiohttp_client, core_client, settings):
    server: TestServer = core_client.server
    return await aiohttp_client(create_bff(settings.model_copy(update={"core_url": str(server.make_url("/"))})))


async def test_core_answers_carry_security_headers_and_hsts_only_over_https(client):
    answer = await client.get("/captchaImage")
    assert (await answer.json())["code"] == 200
    assert_api_headers(answer.headers)
    assert "Strict-Transport-Security" not in answer.headers
    # Redirects and refusals too.
    moved = await client.get("/docs", allow_redirects=False)
    assert moved.status == 302
    assert_api_headers(moved.headers)
    missing = await client.get("/profile/upload/none.png")
    assert_api_headers(missing.headers)
    # The test client's loopback address is a trusted proxy: its word on the scheme counts.
    secure = await client.get("/captchaImage", headers={"X-Forwarded-Proto": "https"})
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    # The API documentation page has a policy of its own that lets Swagger UI run, framed by the console only.
    docs = await client.get("/docs/")
    assert docs.status == 200
    policy = docs.headers["Content-Security-Policy"]
    assert "script-src" not in policy and "default-src 'self'" in policy and "frame-ancestors 'self'" in policy
    assert docs.headers["X-Frame-Options"] == "SAMEORIGIN"


async def test_hsts_ignores_the_scheme_claimed_by_an_untrusted_peer(start_app, make_settings):
    client = await start_app(make_settings(trusted_proxies="192.0.2.1"))
    answer = await client.get("/captchaImage", headers={"X-Forwarded-Proto": "https"})
    assert (await answer.json())["code"] == 200
    assert "Strict-Transport-Security" not in answer.headers


async def test_bff_answers_carry_security_headers(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    token = (await bff_login(bff))["data"]["token"]
    screen = await bff.get("/bff/screens/session", headers=bearer(token))
    assert (await screen.json())["data"]["user"]["userName"] == "admin"
    assert_api_headers(screen.headers)
    # A relayed (streamed) core answer.
    relayed = await bff.get("/bff/api/system/notice/list", headers=bearer(token))
    assert (await relayed.json())["code"] == 200
    assert_api_headers(relayed.headers)
    secure = await bff.get("/bff/health", headers={"X-Forwarded-Proto": "https"})
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in (await bff.get("/bff/health")).headers


async def test_bff_openapi_is_open_in_development(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    document = await (await bff.get("/bff/openapi.json")).json()
    assert "/bff/screens/session" in document["paths"]


async def test_bff_openapi_in_production_only_for_holders_of_the_docs_permission(aiohttp_client, start_app,
                                                                                 make_settings):
    settings = make_settings(env="production", captcha_enabled=None)
    core = await start_app(settings)
    bff = await start_bff(aiohttp_client, core, settings)
    admin_token = await captcha_login(bff, core)
    refused = {"code": 403, "msg": "当前操作没有权限"}
    assert await (await bff.get("/bff/openapi.json")).json() == refused
    assert await (await bff.get("/bff/openapi.json", headers=bearer("stale"))).json() == refused
    ry_token = await captcha_login(bff, core, "ry")
    assert await (await bff.get("/bff/openapi.json", headers=bearer(ry_token))).json() == refused
    document = await (await bff.get("/bff/openapi.json", headers=bearer(admin_token))).json()
    assert document["openapi"] == "3.1.0" and "/bff/screens/session" in document["paths"]


async def test_bff_refuses_bodies_of_another_type_with_415(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    token = (await bff_login(bff))["data"]["token"]
    before = await SysNotice.all().count()
    notice = '{"noticeTitle": "跨站公告", "noticeType": "1", "status": "0", "noticeContent": "x"}'
    # What a page of another site can post without asking first: text/plain (and no type at all).
    for content_type in ("text/plain", "application/octet-stream"):
        answer = await bff.post("/bff/api/system/notice", data=notice.encode(),
                                headers={**bearer(token), "Content-Type": content_type})
        assert await answer.json() == {"code": 415, "msg": "请求体格式不支持，请以 JSON、表单或文件上传方式提交"}
    assert await SysNotice.all().count() == before
    assert not await SysNotice.filter(notice_title="跨站公告").exists()
    # The BFF's own JSON calls read JSON only.
    login = await bff.post("/bff/auth/login", data='{"username": "admin", "password": "admin123"}',
                           headers={"Content-Type": "text/plain"})
    json_only = "请求体格式不支持，请以 JSON 提交（Content-Type: application/json）"
    assert await login.json() == {"code": 415, "msg": json_only}
    # JSON still passes, and creates the notice.
    created = await bff.post("/bff/api/system/notice", data=notice.encode(),
                             headers={**bearer(token), "Content-Type": "application/json"})
    assert (await created.json())["code"] == 200
    assert await SysNotice.filter(notice_title="跨站公告").count() == 1


def test_stored_addresses_are_the_storage_own_and_normalised():
    assert is_stored_address("/profile/avatar/2026/01/02/120000ab12.png")
    assert is_stored_address("https://cdn.example.com/file/chat/17000000000abcdefghij.png", "https://cdn.example.com")
    for url in (TRAVERSAL, "/profile/a/./b.png", "/profile//b.png", "/profile/a/%2e%2e/b.png", "/profile/a\\..\\b",
                "/profile/a.png?x=1", "/profile/.env", "javascript:alert(1)", "data:image/png;base64,AA",
                "http://evil.example/x.png", "//evil.example/profile/x.png", "/api/bff/api/x", "/files/x.png"):
        assert not is_stored_address(url, "https://cdn.example.com"), url
    assert not is_stored_address("https://cdn.example.com.evil.example/file/x.png", "https://cdn.example.com")
    assert not is_stored_address("https://cdn.example.com/file/../x.png", "https://cdn.example.com")


def url_of(client) -> str:
    return str(client.server.make_url("/")).rstrip("/")


async def test_customers_may_send_only_images_and_avatars_of_the_console_storage(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    # The partner's token call refuses a foreign avatar and makes no room.
    async with aiohttp.ClientSession() as http:
        answer = await http.post(f"{url_of(client)}/api/chat/v1/peer_token", headers={"X-Partner-Key": KEY},
                                 json={"kind": "user", "peerId": 31, "name": "阿强", "avatar": "javascript:alert(1)"})
        assert await answer.json() == AVATAR_REFUSED
    assert not await ChatRoom.filter(peer_id=31).exists()

    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 31, "阿强", "/profile/avatar/2026/01/01/a1.png")
    await peer.connect()
    for url in (TRAVERSAL, "http://evil.example/x.png", "javascript:alert(1)"):
        assert await peer.send_image(url) == IMAGE_REFUSED
    for avatar in ("javascript:alert(1)", TRAVERSAL, 42):
        answer = await peer.sio.call("message", {"messageType": "friend", "contentType": "txt", "userImg": avatar,
                                                 "content": [{"type": "txt", "txt": "你好"}]}, timeout=10)
        assert answer == AVATAR_REFUSED
    assert await ChatMessage.all().count() == 0
    room = await ChatRoom.get(peer_id=31)
    assert room.peer_avatar == "/profile/avatar/2026/01/01/a1.png"
    # The storage's own images pass.
    sent = await peer.send_image("/profile/chat/2026/01/01/120000ab.png")
    assert sent["code"] == 200 and sent["data"]["content"][0]["url"] == "/profile/chat/2026/01/01/120000ab.png"
    await peer.close()


async def test_staff_may_send_only_images_of_the_console_storage(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 32, "阿明")
    room = await ChatRoom.get(peer_id=32)
    send = {"toShopId": room.id, "messageType": "friend", "contentType": "img"}
    for url in (TRAVERSAL, "https://evil.example/a.png", "/profile/../../etc/passwd"):
        answer = await admin.post("/admin/single/send", json={**send, "content": [{"type": "img", "url": url}]})
        assert answer == IMAGE_REFUSED, url
    assert await ChatMessage.filter(room_id=room.id).count() == 0
    ok = await admin.post("/admin/single/send", json={**send, "content": [{"type": "img", "url": "/profile/a/b1.png"}]})
    assert ok["code"] == 200
    stored = [m.content for m in await ChatMessage.filter(room_id=room.id)]
    assert stored == ['[{"type":"img","url":"/profile/a/b1.png"}]']
    assert peer.token


async def raw_answer_head(server: TestServer, request: bytes) -> list[bytes]:
    """The status line and headers the server answers to ``request`` sent byte for byte."""
    import asyncio

    reader, writer = await asyncio.open_connection(server.host, server.port)
    try:
        writer.write(request)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    finally:
        writer.close()
    return head.split(b"\r\n")


def server_names(lines: list[bytes]) -> list[bytes]:
    return [line.split(b":", 1)[1].strip() for line in lines if line.lower().startswith(b"server:")]


async def test_no_answer_names_the_server_software(aiohttp_client, start_app, make_settings):
    """The Server header says "console" on every answer of the core and the BFF: JSON, refusals, unknown paths,
    files, and what the HTTP parser answers to a malformed request; never "Python/3.x aiohttp/3.x"."""
    settings = make_settings()
    core = await start_app(settings)
    bff = await start_bff(aiohttp_client, core, settings)
    token = (await bff_login(bff))["data"]["token"]
    answers = [await core.get("/captchaImage"), await core.get("/getInfo"), await core.get("/no/such/path"),
               await core.post("/login", data=b"{not json", headers={"Content-Type": "application/json"}),
               await core.get("/chat/sound/notify.wav"), await core.get("/profile/upload/none.png"),
               await bff.get("/bff/screens/session", headers=bearer(token)), await bff.get("/bff/screens/session"),
               await bff.get("/bff/api/system/notice/list", headers=bearer(token)), await bff.get("/bff/nowhere"),
               await bff.get("/bff/chat/sound/notify.wav", headers=bearer(token))]
    kinds = [(await a.json())["code"] if a.content_type == "application/json" else a.content_type for a in answers]
    assert kinds == [200, 401, 404, 500, "audio/wav", 404, 200, 401, 200, 404, "audio/wav"]
    for answer in answers:
        assert answer.headers.getall("Server") == ["console"], answer.url
        assert "X-Powered-By" not in answer.headers
    for server in (core.server, bff.server):
        for malformed in (b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 9000 + b"\r\n\r\n"):
            lines = await raw_answer_head(server, malformed)
            assert lines[0].startswith(b"HTTP/1.") and b" 400 " in lines[0]
            assert server_names(lines) == [b"console"], lines
