"""getInfo, getRouters, the permission gate on every route, and the error envelopes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from aiohttp import web

from core_api.app import feature_apis
from core_api.platform.api import all_endpoints
from core_api.platform.passwords import hash_password
from core_api.platform.state import AUTH
from core_api.seed.data import COMMON_ROLE_PERMS
from core_api.system.role.models import SysRole
from core_api.system.user.models import SysUser, SysUserRole
from tests.conftest import PASSWORD, bearer, token_for

SNAPSHOTS = Path(__file__).parent / "snapshots"


def check_snapshot(name: str, value: object) -> None:
    path = SNAPSHOTS / name
    text = json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(text)
    assert path.exists(), f"snapshot {name} missing: run with UPDATE_SNAPSHOTS=1 once and review it"
    assert json.loads(path.read_text()) == value


async def get(client, path: str, token: str) -> dict:
    return await (await client.get(path, headers=bearer(token))).json()


async def test_get_info_for_admin(client):
    token = await token_for(client)
    body = await get(client, "/getInfo", token)
    assert body["code"] == 200
    assert body["roles"] == ["admin"] and body["permissions"] == ["*:*:*"]
    user = body["user"]
    assert user["userName"] == "admin" and user["admin"] is True
    assert user["dept"]["deptName"] == "研发部门"
    assert [r["roleKey"] for r in user["roles"]] == ["admin"]
    assert "password" not in user
    # The chat token belongs to this session and differs from the session token.
    assert user["token"] and user["token"] != token
    assert await client.app[AUTH].session_for_chat_token(user["token"]) is not None
    forged = user["token"][:-1] + ("1" if user["token"][-1] == "0" else "0")
    assert await client.app[AUTH].session_for_chat_token(forged) is None


async def test_get_info_for_ry_lists_its_real_permissions(client):
    body = await get(client, "/getInfo", await token_for(client, "ry"))
    assert body["roles"] == ["common"]
    assert body["permissions"] == sorted(COMMON_ROLE_PERMS)
    assert body["user"]["admin"] is False


async def test_routers_snapshot_for_admin_and_ry(client):
    admin = await get(client, "/getRouters", await token_for(client))
    ry = await get(client, "/getRouters", await token_for(client, "ry"))
    check_snapshot("routers_admin.json", admin["data"])
    check_snapshot("routers_ry.json", ry["data"])


async def test_routers_shape_follows_the_contract(client):
    routers = (await get(client, "/getRouters", await token_for(client)))["data"]
    system = next(r for r in routers if r["path"] == "/system")
    assert system["component"] == "Layout" and system["alwaysShow"] is True and system["redirect"] == "noRedirect"
    log = next(c for c in system["children"] if c["path"] == "log")
    assert log["component"] == "ParentView"
    assert [c["component"] for c in log["children"]] == ["monitor/operlog/index", "monitor/logininfor/index"]
    user = system["children"][0]
    assert user == {"name": "SystemUser", "path": "user", "hidden": False, "component": "system/user/index",
                    "meta": {"title": "用户管理", "icon": "user", "noCache": False}}
    hidden = next(r for r in routers if r["path"] == "/myMenu")
    assert hidden["hidden"] is True and hidden["children"][0]["path"] == "orderDetail"

    def walk(nodes):
        for n in nodes:
            yield n
            yield from walk(n.get("children", []))

    for node in walk(routers):
        assert all(v not in (None, "", [], {}) for v in node.values()), node
        assert node["component"]


async def test_ry_does_not_see_admin_menus(client):
    routers = (await get(client, "/getRouters", await token_for(client, "ry")))["data"]
    titles = {c["meta"]["title"] for r in routers for c in r.get("children", [])}
    assert "用户管理" in titles
    assert not titles & {"角色管理", "菜单管理", "参数设置", "代码生成"}


def concrete(path: str) -> str:
    """A real path for a route pattern: each ``{name:regex}`` becomes a sample its regex accepts."""

    def sample(match: re.Match[str]) -> str:
        regex = match.group(2) or r"[^/]+"
        return next(s for s in ("1", "abc", "sys_user_sex", "sys_config:", "a/b") if re.fullmatch(regex, s))

    return re.sub(r"\{(\w+)(?::([^{}]*(?:\{[^}]*\}[^{}]*)*))?\}", sample, path)


async def test_every_route_checks_the_caller(client):
    """Walks the route table: no token → 401; a signed-in user lacking the permission → 403."""
    role = await SysRole.create(role_name="无权限", role_key="nothing", role_sort=9, data_scope="5")
    user = await SysUser.create(user_name="nobody", nick_name="nobody", password=await hash_password(PASSWORD),
                                dept_id=105)
    await SysUserRole.create(user_id=user.user_id, role_id=role.role_id)
    token = await token_for(client, "nobody")
    endpoints = all_endpoints(feature_apis())
    assert endpoints
    guarded = 0
    for ep in endpoints:
        if ep.public:
            continue
        path = concrete(ep.path)
        anonymous = await (await client.request(ep.method, path)).json()
        assert anonymous["code"] == 401, (ep.method, ep.path, anonymous)
        if ep.need is not None:
            guarded += 1
            body = await (await client.request(ep.method, path, headers=bearer(token), json={})).json()
            assert body == {"code": 403, "msg": "当前操作没有权限"}, (ep.method, ep.path, body)
    assert guarded == sum(1 for ep in endpoints if ep.need is not None)


async def test_unknown_route_gets_the_404_envelope(client):
    assert await (await client.get("/no/such/route")).json() == {"code": 404, "msg": "访问资源不存在"}


async def test_validation_error_names_the_field(client):
    body = await (await client.post("/login", json={"username": 12, "password": "x"})).json()
    assert body == {"code": 500, "msg": "用户名必须是字符串", "fields": {"username": "用户名必须是字符串"}}
    body = await (await client.post("/admin/open/send_code", json={})).json()
    assert body == {"code": 500, "msg": "手机号码不能为空", "fields": {"phonenumber": "手机号码不能为空"}}
    body = await (await client.post("/login", data=b"{not json", headers={"Content-Type": "application/json"})).json()
    assert body == {"code": 500, "msg": "请求体不是有效的 JSON"}


async def test_validation_error_in_english(client):
    body = await (await client.post("/admin/open/send_code", json={}, headers={"Accept-Language": "en-US"})).json()
    missing = "phonenumber: is required"
    assert body == {"code": 500, "msg": missing, "fields": {"phonenumber": missing}}


async def test_unhandled_error_is_generic_and_logged(start_app, make_settings, caplog):
    async def boom(_request: web.Request) -> web.Response:
        raise RuntimeError("secret internals")

    client = await start_app(make_settings(), customize=lambda app: app.router.add_get("/boom", boom))
    response = await client.get("/boom")
    body = await response.json()
    assert response.status == 200 and body["code"] == 500
    assert "secret" not in body["msg"] and "Traceback" not in body["msg"]
    request_id = response.headers["X-Request-Id"]
    assert request_id in body["msg"]
    assert any(request_id in r.getMessage() and r.exc_info for r in caplog.records)


def test_every_operator_write_leaves_an_operation_log():
    exempt = {
        "/common/upload",  # a file on its own changes nothing until a record refers to it
        "/system/user/importTemplate", "/api/msg/v1/list", "/admin/chat/v1/rooms", "/admin/chat/v1/history",  # reads
        "/monitor/druid/ticket", "/tool/swagger/ticket",  # one-minute tickets, no data changes
        "/api/msg/v1/del_read", "/admin/chat/v1/read",  # one's own read marks
        "/system/notice/markRead", "/system/notice/markReadAll",
        "/admin/single/send",  # the chat transcript is its own record
        "/admin/AccountUserConsumer/list",  # a read with its filters in the body
        "/admin/CommonCategory/v2/list", "/admin/category/list",  # reads: the category tree, a page of it
        "/admin/supply_chain/list_data",  # a read: the supply-chain provider's goods, filters in the body
        "/admin/market_manage/goods_data_list",  # a read: the goods a group buy can be made of, filters in the body
        "/admin/shop_type/integral_type_data",  # a read: the points-goods categories (POST, as the spec has it)
    }
    endpoints = all_endpoints(feature_apis())
    # A declared resource listed by POST (spec 001 §7) is a read with its filters in the body.
    from core_api.platform.resource import REGISTRY

    exempt |= {res.list_path or f"/admin/{res.name}/list" for res in REGISTRY.values() if res.list_method == "POST"}
    # So is a configuration page fetched by POST (independent consult, as the spec has it).
    from core_api.platform.config_page import PAGES

    exempt |= {page.get[1] for page in PAGES.values() if page.get[0] == "POST"}
    # A page's save and restore by its key run the page's own call, which logs them under the page's title.
    exempt |= {"/admin/config_page/{key}", "/admin/config_page/{key}/restore"}
    # Partner calls have no operator: they are kept by their idempotency records (sys_partner_request).
    missing = [f"{ep.method} {ep.path}" for ep in endpoints
               if ep.method in ("POST", "PUT", "DELETE") and not ep.public and not ep.partner
               and ep.path not in exempt and not ep.log]
    assert missing == []
