"""The configuration page screen against a real core: one BFF call answers a page's form, its object (of a scope)
and its history; saves and restores go through the core's by-key paths, answered by each page's own call."""

from __future__ import annotations

from core_api.monitor.operlog.models import SysOperLog
from core_api.platform.contract.setting import ConfigPageScreenOut
from tests.conftest import Caller, token_for
from tests.test_bff import start_bff
from tests.test_bff_mall import Screens
from tests.test_config_pages import CC, body_of
from tests.test_escalation import make_role, make_user, sign_in

SCREEN = "/bff/screens/setting/config-page"


async def start(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client = await start_app(settings)
    bff = await start_bff(aiohttp_client, client, settings)
    admin = Caller(client, await token_for(client))
    return admin, bff


def object_of(screen: dict) -> dict:
    """The loaded object as the form sends it back: its fields and the version."""
    return body_of(screen["object"])


async def test_a_page_saved_then_read_back_through_the_screen(aiohttp_client, start_app, make_settings):
    admin, bff = await start(aiohttp_client, start_app, make_settings)
    screens = Screens(bff, admin)
    answered = await screens.get(SCREEN, key="group")
    first = ConfigPageScreenOut.model_validate(answered).data.model_dump(by_alias=True)
    assert (first["meta"]["key"], first["meta"]["title"], first["meta"]["perm"]) == ("group", "群组配置",
                                                                                     "setting:group:edit")
    assert first["meta"]["save"] == f"{CC}/save_group_config" and first["scope"] is None
    assert (first["object"]["version"], first["object"]["updateBy"], first["history"]) == (0, "", [])
    fields = {f["name"] for f in first["meta"]["fields"]}
    assert "maxMembers" in fields and fields <= set(answered["data"]["object"])

    body = object_of(answered["data"]) | {"maxMembers": 800}
    saved = await admin.post("/admin/config_page/group", json=body)
    assert saved == {"code": 200, "msg": "操作成功", "data": {"version": 1, "changed": True}}
    now = (await screens.get(SCREEN, key="group"))["data"]
    assert (now["object"]["version"], now["object"]["updateBy"], now["object"]["maxMembers"]) == (1, "admin", 800)
    assert [(h["version"], h["savedBy"], h["action"]) for h in now["history"]] == [(1, "admin", "save")]
    assert now["history"][0]["changes"]["maxMembers"][1] == 800
    # the page's own save ran: its operation log carries the page's title
    assert await SysOperLog.filter(title="群组配置").count() == 1

    # a save made from the version loaded before is refused and changes nothing
    stale = await admin.post("/admin/config_page/group", json=body | {"maxMembers": 900})
    assert stale == {"code": 500, "msg": "配置已被他人修改（当前为第1版），请刷新后再保存"}
    # a field's rule names the field; an unknown field is refused
    bad = await admin.post("/admin/config_page/group", json=object_of(now) | {"maxMembers": -1})
    assert bad == {"code": 500, "msg": "普通群人数上限不能小于3", "fields": {"maxMembers": "普通群人数上限不能小于3"}}
    unknown = await admin.post("/admin/config_page/group", json=object_of(now) | {"nope": 1})
    assert unknown["code"] == 500 and "nope" in unknown["msg"], unknown
    # restore version 1 after a second save: a third version equal to the first
    assert (await admin.post("/admin/config_page/group", json=object_of(now) | {"maxMembers": 500}))["data"] == {
        "version": 2, "changed": True}
    restored = await admin.post("/admin/config_page/group/restore", json={"version": 2, "restore": 1})
    assert restored["data"] == {"version": 3, "changed": True}
    last = (await screens.get(SCREEN, key="group"))["data"]
    assert last["object"]["maxMembers"] == 800
    assert [(h["version"], h["action"], h["restoredFrom"]) for h in last["history"]] == [
        (3, "restore", 1), (2, "save", None), (1, "save", None)]
    assert (await admin.post("/admin/config_page/nothing", json={"version": 0}))["code"] == 404
    assert (await screens.get(SCREEN, key="nothing"))["code"] == 404


async def test_a_scoped_page_answers_the_scope_asked(aiohttp_client, start_app, make_settings):
    admin, bff = await start(aiohttp_client, start_app, make_settings)
    screens = Screens(bff, admin)
    android = (await screens.get(SCREEN, key="core_v2"))["data"]
    assert android["scope"] == "android" and android["meta"]["scope"]["name"] == "platform"
    assert [o["value"] for o in android["meta"]["scope"]["options"]] == ["android", "ios", "h5"]
    ios = (await screens.get(SCREEN, key="core_v2", scope="ios"))["data"]
    body = object_of(ios) | {"platform": "ios", "maintenance": True, "maintenanceNotice": "升级中"}
    assert (await admin.post("/admin/config_page/core_v2", json=body))["data"]["version"] == 1
    ios = (await screens.get(SCREEN, key="core_v2", scope="ios"))["data"]
    assert (ios["object"]["version"], ios["object"]["maintenance"], len(ios["history"])) == (1, True, 1)
    android = (await screens.get(SCREEN, key="core_v2"))["data"]
    assert (android["object"]["version"], android["object"]["maintenance"], android["history"]) == (0, False, [])
    # the page's own rules across fields
    no_notice = await admin.post("/admin/config_page/core_v2", json=object_of(android) | {"maintenance": True})
    assert no_notice == {"code": 500, "msg": "停机维护时必须填写维护公告"}
    assert await screens.get(SCREEN, key="core_v2", scope="symbian") == {"code": 500, "msg": "平台的取值不正确"}
    assert (await screens.get(SCREEN, key="bad key"))["code"] == 500


async def test_permissions_are_the_pages_own(aiohttp_client, start_app, make_settings):
    admin, bff = await start(aiohttp_client, start_app, make_settings)
    role = await make_role(admin, "cfg_alarm_bff", ("setting:alarm:edit",))
    await make_user(admin, "cfgalarmbff", 103, [role.role_id])
    alarm_only = await sign_in(admin, "cfgalarmbff")
    mine = (await Screens(bff, alarm_only).get(SCREEN, key="alarm_message"))["data"]
    assert mine["meta"]["title"] == "告警消息配置"
    assert (await Screens(bff, alarm_only).get(SCREEN, key="pay_way"))["code"] == 403
    page = await admin.get(f"{CC}/get_pay_way_config")
    denied = {"code": 403, "msg": "当前操作没有权限"}
    assert await alarm_only.post("/admin/config_page/pay_way", json=body_of(page["data"], minAmount=5)) == denied
    assert await alarm_only.post("/admin/config_page/pay_way/restore", json={"version": 0, "restore": 1}) == denied
    assert (await alarm_only.post("/admin/config_page/alarm_message", json=body_of(mine["object"], enabled=False)))[
        "code"] == 200
