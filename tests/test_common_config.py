"""Common config records V1 and V2 (issue 12 §1): the six calls, filters, the shelf toggle, typed values."""

from __future__ import annotations

from core_api.setting.common_config.models import CommonConfig, CommonConfigV2
from tests.test_escalation import make_role, make_user, sign_in

DENIED = {"code": 403, "msg": "当前操作没有权限"}


async def test_v1_six_calls_filters_and_shelf(admin):
    made = await admin.post("/admin/CommonConfig", json={"configKey": "chat.maxLength", "configName": "消息长度",
                                                          "configValue": "5000", "valueType": "number",
                                                          "groupName": "chat"})
    assert made["code"] == 200, made
    await admin.post("/admin/CommonConfig", json={"configKey": "mall.open", "configName": "商城开关",
                                                   "configValue": "true", "valueType": "bool", "groupName": "mall"})
    listed = await admin.get("/admin/CommonConfig/list", params={"groupName": "chat"})
    assert [r["configKey"] for r in listed["rows"]] == ["chat.maxLength"] and listed["total"] == 1
    record = (await CommonConfig.get(config_key="chat.maxLength"))
    one = await admin.get(f"/admin/CommonConfig/{record.id}")
    assert one["data"]["configValue"] == "5000"
    whole = {"id": record.id, "configKey": "chat.maxLength", "configName": "消息长度", "valueType": "number"}
    changed = await admin.put("/admin/CommonConfig", json={**whole, "configValue": "8000"})
    assert changed["code"] == 200, changed
    assert (await CommonConfig.get(id=record.id)).config_value == "8000"
    assert (await admin.get(f"/admin/CommonConfig/shelf/{record.id}"))["code"] == 200
    assert (await CommonConfig.get(id=record.id)).shelf == "0"
    off = await admin.get("/admin/CommonConfig/list", params={"shelf": "0"})
    assert [r["id"] for r in off["rows"]] == [record.id]
    for body, msg in [({"configKey": "x1", "configName": "n", "configValue": "12a", "valueType": "number"},
                       "配置值必须是数字"),
                      ({"configKey": "x2", "configName": "n", "configValue": "yes", "valueType": "bool"},
                       "配置值必须是 true 或 false"),
                      ({"configKey": "x3", "configName": "n", "configValue": "{", "valueType": "json"},
                       "配置值不是有效的 JSON"),
                      ({"configKey": "1bad key", "configName": "n", "valueType": "string"},
                       "配置键必须以字母开头，只能包含字母、数字、下划线、点、冒号或横线"),
                      ({"configKey": "mall.open", "configName": "重复", "valueType": "string"}, "该配置键已存在")]:
        assert await admin.post("/admin/CommonConfig", json=body) == {"code": 500, "msg": msg}, body
    bad_type = await admin.put("/admin/CommonConfig", json={**whole, "configValue": "8000", "valueType": "bool"})
    assert bad_type == {"code": 500, "msg": "配置值必须是 true 或 false"}
    assert (await admin.delete(f"/admin/CommonConfig/{record.id}"))["code"] == 200
    assert await CommonConfig.all().count() == 1


async def test_v2_platform_and_version_range(admin):
    base = {"configKey": "home.banner", "configName": "首页横幅", "valueType": "json", "configValue": '{"a": 1}'}
    assert (await admin.post("/admin/CommonConfigV2", json={**base, "platform": "ios", "minVersion": 300}))[
        "code"] == 200
    assert (await admin.post("/admin/CommonConfigV2", json={**base, "platform": "android", "minVersion": 300,
                                                             "maxVersion": 399}))["code"] == 200
    again = await admin.post("/admin/CommonConfigV2", json={**base, "platform": "ios", "minVersion": 300})
    assert again == {"code": 500, "msg": "该配置键在此平台和最低版本号下已存在"}
    bad = await admin.post("/admin/CommonConfigV2", json={**base, "platform": "ios", "minVersion": 400,
                                                           "maxVersion": 10})
    assert bad == {"code": 500, "msg": "最高版本号不能小于最低版本号"}
    assert (await admin.post("/admin/CommonConfigV2", json={**base, "platform": "symbian"}))["code"] == 500
    listed = await admin.get("/admin/CommonConfigV2/list", params={"platform": "android"})
    assert [(r["platform"], r["maxVersion"]) for r in listed["rows"]] == [("android", 399)]
    assert await CommonConfigV2.all().count() == 2


async def test_common_config_permissions(admin):
    role = await make_role(admin, "cfg_reader", ("setting:commonConfig:list", "setting:commonConfig:query"))
    await make_user(admin, "cfgreader", 103, [role.role_id])
    reader = await sign_in(admin, "cfgreader")
    assert (await reader.get("/admin/CommonConfig/list"))["code"] == 200
    assert await reader.post("/admin/CommonConfig", json={"configKey": "a", "configName": "b"}) == DENIED
    assert await reader.get("/admin/CommonConfigV2/list") == DENIED
    assert await CommonConfig.all().count() == 0
