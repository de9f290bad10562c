"""App versions (issue 11 §3): a version code only grows per platform, also when two saves race; the alternate
list_data, add_edit and del calls; bad input; permissions."""

from __future__ import annotations

import asyncio

from core_api.content.app_version.models import CommonAppVersion
from tests.conftest import Caller, Refused
from tests.test_escalation import make_role, make_user, sign_in

V = {"platform": "android", "versionName": "1.0.0", "versionCode": 100, "downloadUrl": "https://x.test/a.apk"}


async def create(admin: Caller, **extra) -> dict:
    return await admin.post("/admin/CommonAppVersion", json={**V, **extra})


async def test_version_only_grows_per_platform(admin):
    first = await create(admin)
    assert first["code"] == 200
    assert await create(admin, versionCode=100) == {"code": 500, "msg": "版本号必须大于该平台已有的最高版本号（100）"}
    assert (await create(admin, versionCode=99))["code"] == 500
    assert (await create(admin, versionCode=101, versionName="1.0.1"))["code"] == 200
    assert (await create(admin, platform="ios", versionCode=5))["code"] == 200  # its own sequence
    # editing an old version without touching its code is fine; moving it at or below another is not
    answer = await admin.put("/admin/CommonAppVersion", json={**V, "id": first["data"]["id"], "releaseNotes": "修复"})
    assert answer["code"] == 200, answer
    moved = await admin.put("/admin/CommonAppVersion", json={**V, "id": first["data"]["id"], "versionCode": 101})
    assert moved["code"] == 500 and "101" in moved["msg"]
    assert (await admin.put("/admin/CommonAppVersion", json={**V, "id": first["data"]["id"], "platform": "ios"})) == \
        Refused("不允许修改平台")
    assert sorted(await CommonAppVersion.filter(platform="android").values_list("version_code", flat=True)) == \
        [100, 101]  # type: ignore[type-var]


async def test_two_saves_of_one_code_at_once(admin):
    await create(admin)
    answers = await asyncio.gather(*[create(admin, versionCode=200) for _ in range(8)],
                                   *[admin.post("/admin/app_version/add_edit", json={**V, "versionCode": 200})
                                     for _ in range(8)])
    assert sorted(a["code"] for a in answers) == [200] + [500] * 15, answers
    assert {a["msg"] for a in answers if a["code"] == 500} <= {"该平台已有相同版本号的版本",
                                                               "版本号必须大于该平台已有的最高版本号（200）"}
    assert await CommonAppVersion.filter(version_code=200).count() == 1


async def test_alternate_calls(admin):
    added = await admin.post("/admin/app_version/add_edit", json={**V, "forceUpdate": "1"})
    assert added["code"] == 200
    record_id = added["data"]["id"]
    edited = await admin.post("/admin/app_version/add_edit", json={**V, "id": record_id, "versionName": "1.0.0-r2"})
    assert edited["code"] == 200 and edited["data"] == {"id": record_id}
    await admin.post("/admin/app_version/add_edit", json={**V, "versionCode": 300, "platform": "ios"})
    listed = await admin.get("/admin/app_version/list_data", params={"platform": "android", "pageSize": "10"})
    assert listed["code"] == 200 and listed["data"]["total"] == 1 and listed["data"]["pages"] == 1
    row = listed["data"]["data"][0]
    assert (row["versionName"], row["forceUpdate"], row["versionCode"]) == ("1.0.0-r2", "1", 100)
    history = (await admin.get(f"/admin/CommonAppVersion/history/{record_id}"))["data"]
    assert [h["action"] for h in history] == ["update", "create"]
    assert (await admin.post("/admin/app_version/add_edit", json={**V, "id": 999999}))["code"] == 404
    assert (await admin.get("/admin/app_version/del", params={"id": str(record_id)}))["code"] == 200
    assert (await admin.get("/admin/app_version/del", params={"id": str(record_id)}))["code"] == 404
    assert (await admin.get("/admin/app_version/list_data"))["data"]["total"] == 1


async def test_bad_input_and_permissions(admin):
    for body, message in [
        ({**V, "platform": "windows"}, "平台的取值不正确"),
        ({**V, "versionCode": 0}, "版本号"),
        ({**V, "versionCode": "abc"}, "版本号"),
        ({**V, "forceUpdate": "x"}, "强制更新的取值不正确"),
        ({k: v for k, v in V.items() if k != "downloadUrl"}, "下载地址不能为空"),
    ]:
        for path in ("/admin/CommonAppVersion", "/admin/app_version/add_edit"):
            answer = await admin.post(path, json=body)
            assert answer["code"] == 500 and message in answer["msg"], (path, body, answer)
    assert await CommonAppVersion.all().count() == 0
    record_id = (await create(admin))["data"]["id"]
    role = await make_role(admin, "av_adder", ("content:appVersion:list", "content:appVersion:add"))
    await make_user(admin, "avadder", 103, [role.role_id])
    adder = await sign_in(admin, "avadder")
    assert (await adder.get("/admin/app_version/list_data"))["data"]["total"] == 1
    denied = {"code": 403, "msg": "当前操作没有权限"}
    assert await adder.post("/admin/app_version/add_edit", json={**V, "id": record_id, "versionName": "x"}) == denied
    assert await adder.get("/admin/app_version/del", params={"id": str(record_id)}) == denied
    assert await adder.put("/admin/CommonAppVersion", json={**V, "id": record_id}) == denied
    assert (await adder.post("/admin/app_version/add_edit", json={**V, "versionCode": 101}))["code"] == 200
    assert (await CommonAppVersion.get(id=record_id)).version_name == "1.0.0"
