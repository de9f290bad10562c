"""The BFF against a real core API: one call per screen, the caller's token and address passed on."""

from __future__ import annotations

from aiohttp.test_utils import TestServer

from bff.app import create_app as create_bff
from core_api.content.rich_text.models import CommonRichText
from core_api.mall.ad.models import MallAdCategory
from core_api.mall.shop.models import MallShop
from core_api.monitor.logininfor.models import SysLogininfor
from tests.conftest import PASSWORD, bearer, eventually


async def start_bff(aiohttp_client, core_client, settings):
    server: TestServer = core_client.server
    bff_settings = settings.model_copy(update={"core_url": str(server.make_url("/")).rstrip("/")})
    return await aiohttp_client(create_bff(bff_settings))


async def bff_login(bff, username: str = "admin", **headers: str) -> dict:
    return await (await bff.post("/bff/auth/login", json={"username": username, "password": PASSWORD},
                                 headers=headers)).json()


async def test_sign_in_and_session_screen(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    captcha = await (await bff.get("/bff/auth/captcha")).json()
    assert captcha == {"code": 200, "msg": "操作成功", "data": {"captchaEnabled": False, "registerEnabled": False,
                                                           "uuid": None, "img": None}}
    token = (await bff_login(bff, "ry"))["data"]["token"]
    screen = await (await bff.get("/bff/screens/session", headers=bearer(token))).json()
    data = screen["data"]
    assert data["user"]["userName"] == "ry" and data["roles"] == ["common"]
    assert "system:user:list" in data["permissions"]
    assert [r["path"] for r in data["routers"]][:2] == ["/system", "/monitor"]
    assert [d["dictLabel"] for d in data["dicts"]["sys_normal_disable"]] == ["正常", "停用"]
    assert data["productName"] == settings.product_name


async def test_core_refusals_pass_through(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    expected = {"code": 401, "msg": "认证失败，无法访问系统资源"}
    assert await (await bff.get("/bff/screens/session")).json() == expected
    assert await (await bff.get("/bff/screens/session", headers=bearer("stale"))).json() == expected
    wrong = await (await bff.post("/bff/auth/login", json={"username": "ry", "password": "bad-one"})).json()
    assert wrong == {"code": 500, "msg": "用户不存在/密码错误"}
    invalid = await (await bff.post("/bff/auth/login", json={"username": ["x"]})).json()
    assert invalid == {"code": 500, "msg": "用户名必须是字符串", "fields": {"username": "用户名必须是字符串"}}


async def test_the_browser_address_reaches_the_login_log(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    # The web server (a trusted loopback peer) forwards the browser's address.
    assert (await bff_login(bff, **{"X-Forwarded-For": "198.51.100.23"}))["code"] == 200

    async def logged() -> bool:
        return await SysLogininfor.filter(user_name="admin", ipaddr="198.51.100.23").exists()

    await eventually(logged)


async def test_logout_and_dashboard(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    token = (await bff_login(bff))["data"]["token"]
    await eventually(lambda: SysLogininfor.filter(status="0").exists())
    board = (await (await bff.get("/bff/screens/dashboard", headers=bearer(token))).json())["data"]
    assert board["userTotal"] == 2 and board["roleTotal"] == 3 and board["deptTotal"] == 10
    assert board["onlineSessions"] == 1
    assert len(board["loginsPerDay"]) == 30 and board["loginsPerDay"][-1]["success"] == 1  # this test's sign-in
    assert sum(day["success"] for day in board["loginsPerDay"]) == 1
    assert board["recentLogins"][0]["userName"] == "admin"
    assert (await (await bff.post("/bff/auth/logout", headers=bearer(token))).json())["code"] == 200
    assert (await (await bff.get("/bff/screens/dashboard", headers=bearer(token))).json())["code"] == 401


async def test_core_unreachable_is_a_clear_error(aiohttp_client, make_settings):
    settings = make_settings().model_copy(update={"core_url": "http://127.0.0.1:9"})
    bff = await aiohttp_client(create_bff(settings))
    assert await (await bff.get("/bff/auth/captcha")).json() == {"code": 500, "msg": "后端接口连接异常"}


async def test_pass_through_forwards_token_and_streams_the_answer(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    token = (await bff_login(bff))["data"]["token"]
    body = await (await bff.get("/bff/api/system/dict/data/type/sys_user_sex", headers=bearer(token))).json()
    assert [d["dictLabel"] for d in body["data"]] == ["男", "女", "未知"]
    assert (await (await bff.get("/bff/api/system/dict/data/type/sys_user_sex")).json())["code"] == 401
    # Only the API areas pass; nothing else of the core (its docs, its health) is reachable this way.
    for path in ("/bff/api/openapi.json", "/bff/api/health", "/bff/api/system/../health"):
        assert (await (await bff.get(path, headers=bearer(token))).json())["code"] == 404, path


async def test_every_screen_call_answers_for_the_administrator(aiohttp_client, start_app, make_settings):
    """Walks the BFF's own screens: every screen call, with sample values for required parameters, answers
    admin with what its document promises (its response model validates the answer) and 401 without a token."""
    from bff.app import screen_apis
    from core_api.platform.api import all_endpoints

    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    token = (await bff_login(bff))["data"]["token"]
    shop = await MallShop.create(name="样例店", contact="店长", phone="13800138000", area_code="110105")
    ad_category = await MallAdCategory.create(shop_id=shop.id, name="样例广告分类")
    samples = {"roleId": "2", "userId": "2", "dictId": "1", "jobId": "1", "tableId": "1", "cacheName": "sys_config:",
               "view": "account/auth/index", "categoryId": str(ad_category.id), "key": "group"}
    rich_text = await CommonRichText.create(code="walk", title="样例富文本", content="<p>正文</p>")
    # an operator names the shop; a page of one record names that record
    optional = {"/bff/screens/mall/shop/info": {"id": str(shop.id)},
                "/bff/screens/content/rich-text": {"id": str(rich_text.id)}}
    # a record made by a whole order flow: walked with one in tests/test_bff_order.py (a points order: in
    # tests/test_bff_panels.py)
    # the shop home answers shop accounts only (tests/test_shop_home.py walks it with one)
    elsewhere = {"/bff/screens/order/detail", "/bff/screens/order/points/detail", "/bff/screens/shop-home"}
    answers = {}
    for ep in all_endpoints(screen_apis()):
        if ep.method != "GET" or not ep.path.startswith("/bff/screens/") or "{" in ep.path or ep.path in elsewhere:
            continue
        required = ep.query_model.model_json_schema().get("required", []) if ep.query_model else []
        params = {**{name: samples.get(name, "1") for name in required}, **optional.get(ep.path, {})}
        body = await (await bff.get(ep.path, params=params, headers=bearer(token))).json()
        assert body["code"] == 200, (ep.path, body)
        assert ep.response_model is not None, ep.path
        ep.response_model.model_validate(body)  # every field the document promises, of its type
        assert (await (await bff.get(ep.path, params=params)).json())["code"] == 401, ep.path
        answers[ep.path] = body["data"]
    session = answers["/bff/screens/session"]
    assert session["user"]["userName"] == "admin" and session["permissions"] == ["*:*:*"]
    assert [d["dictLabel"] for d in session["dicts"]["sys_user_sex"]] == ["男", "女", "未知"]
    assert answers["/bff/screens/dashboard"]["userTotal"] == 2


async def test_the_pass_through_cannot_be_walked_out_of_its_areas(aiohttp_client, start_app, make_settings):
    """Encoded dots and slashes, double encodings, backslashes and empty segments never reach a core path outside
    the API areas (GET /bff/api/admin/%252e%252e/getInfo reached the core's /getInfo)."""
    from aiohttp import web
    from yarl import URL

    reached: list[str] = []

    @web.middleware
    async def record(request: web.Request, handler):
        reached.append(request.path)
        return await handler(request)

    settings = make_settings()
    core = await start_app(settings, customize=lambda app: app.middlewares.insert(0, record))
    bff = await start_bff(aiohttp_client, core, settings)
    token = (await bff_login(bff))["data"]["token"]

    async def get(raw: str) -> dict:
        url = URL(str(bff.make_url("")).rstrip("/") + raw, encoded=True)  # sent byte for byte
        async with bff.session.get(url, headers=bearer(token)) as response:
            return await response.json()

    reached.clear()
    for raw in ("/bff/api/admin/%252e%252e/getInfo", "/bff/api/admin/%2e%2e/getInfo", "/bff/api/admin/..%2fgetInfo",
                "/bff/api/admin/..%2FgetInfo", "/bff/api/admin%2F..%2FgetInfo", "/bff/api/admin/%2E%2E%2FgetInfo",
                "/bff/api/system/%25252e%25252e/getInfo", "/bff/api/admin/..\\getInfo", "/bff/api/admin\\..\\getInfo",
                "/bff/api/admin/%5c..%5cgetInfo", "/bff/api/admin/./getInfo", "/bff/api/admin/%2e/getInfo",
                "/bff/api/admin//getInfo", "/bff/api/admin/x/%2e%2e/%2e%2e/getInfo", "/bff/api/admin/%3F/../getInfo",
                "/bff/files/%252e%252e/%252e%252e/getInfo", "/bff/files/..%2f..%2fgetInfo",
                "/bff/files/a%5c..%5cb.png"):
        answer = await get(raw)
        assert answer["code"] in (400, 404) and "user" not in answer, (raw, answer)
    assert [p for p in reached if not p.startswith("/login")] == [], reached
    # A plain path of an API area still passes, percent-encoded text included.
    assert (await get("/bff/api/system/dict/data/type/sys_user_sex"))["code"] == 200
    assert (await get("/bff/api/system/config/configKey/sys.index.skinName"))["msg"] == "skin-blue"
    await get("/bff/api/system/dict/data/type/%E6%97%A0")
    assert reached[-1] == "/system/dict/data/type/无"
