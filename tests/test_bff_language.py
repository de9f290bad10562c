"""Refusals in the operator's language: the web sends ``Accept-Language`` from the interface's language, the BFF
passes it to the core on every path, and the platform's own refusals (validation, 401/403/404, the resource
mechanism's) answer in English to an English caller, and so do the features' business refusals that register
their English (issue 28 §4; tests/test_i18n_dict.py)."""

from __future__ import annotations

import re
import string

import pytest

from core_api.platform.schema import REFUSALS
from tests.conftest import app_users, bearer
from tests.test_bff import bff_login, start_bff

SUBMISSION = {"uid": 10001, "realName": "张三丰", "idNumber": "11010119900318123X"}
ENGLISH = {
    "validation": "realName: is required",
    "screen validation": "view: is required",
    "unauthenticated": "Authentication failed: cannot access system resources",
    "forbidden": "You do not have permission for this operation",
    "missing": "The requested resource does not exist",
    "not writable": "uid: may not be changed",
    "bad path": "Parameter id has the wrong format",
    "business": "Give a review comment when rejecting",
}
CHINESE = {
    "validation": "真实姓名不能为空",
    "screen validation": "页面不能为空",
    "unauthenticated": "认证失败，无法访问系统资源",
    "forbidden": "当前操作没有权限",
    "missing": "访问资源不存在",
    "not writable": "不允许修改用户UID",
    "bad path": "参数 id 格式不正确",
    "business": "驳回时请填写审核意见",
}


@pytest.mark.parametrize(("language", "expected"), [("en-US,en;q=0.9", ENGLISH), ("zh-CN", CHINESE), (None, CHINESE)],
                         ids=["en", "zh", "none"])
async def test_refusals_answer_in_the_callers_language(aiohttp_client, start_app, make_settings, language,
                                                       expected):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    lang = {"Accept-Language": language} if language else {}
    admin = {**bearer((await bff_login(bff))["data"]["token"]), **lang}
    ry = {**bearer((await bff_login(bff, "ry"))["data"]["token"]), **lang}
    await app_users(SUBMISSION["uid"])
    made = await (await bff.post("/bff/api/admin/AccountUserAuth", json=SUBMISSION, headers=admin)).json()
    assert made["code"] == 200, made
    record = made["data"]["id"]

    async def answer(method: str, path: str, headers: dict, **kw) -> dict:
        return await (await bff.request(method, path, headers=headers, **kw)).json()

    got = {
        # the core's validation through the pass-through, and the BFF's own on a screen
        "validation": await answer("POST", "/bff/api/admin/AccountUserAuth", admin,
                                   json={"uid": 10002, "idNumber": SUBMISSION["idNumber"]}),
        "screen validation": await answer("GET", "/bff/screens/resource", admin),
        "unauthenticated": await answer("GET", "/bff/screens/session", lang),
        # a screen's call to the core that the core refuses (the common role holds no account:auth)
        "forbidden": await answer("GET", "/bff/screens/resource", ry, params={"view": "account/auth/index"}),
        "missing": await answer("GET", "/bff/api/admin/AccountUserAuth/999999", admin),
        "not writable": await answer("PUT", "/bff/api/admin/AccountUserAuth", admin,
                                     json={**SUBMISSION, "id": record, "uid": 10009}),
        "bad path": await answer("GET", f"/bff/api/admin/AccountUserAuth/{'9' * 20}", admin),
        # a feature's business refusal, in English when the feature registered its English
        "business": await answer("POST", "/bff/api/admin/AccountUserAuth/audit", admin,
                                 json={"id": record, "pass": False}),
    }
    assert {k: v["msg"] for k, v in got.items()} == expected
    assert [got[k]["code"] for k in ("unauthenticated", "forbidden", "missing")] == [401, 403, 404]
    # the BFF's own refusal: a core path the pass-through does not reach
    assert await answer("GET", "/bff/api/health", admin) == {"code": 404, "msg": expected["missing"]}
    # nothing was changed by the refusals
    rows = (await answer("GET", "/bff/api/admin/AccountUserAuth/list", admin))["rows"]
    assert [(r["id"], r["uid"], r["status"]) for r in rows] == [(record, 10001, "0")]


def test_every_platform_refusal_has_english_with_the_same_values():
    fields = string.Formatter()
    for zh, en in REFUSALS.items():
        assert not re.search(r"[\u4e00-\u9fff]", en), en
        assert re.search(r"[\u4e00-\u9fff]", zh), zh
        assert ({name for _, name, _, _ in fields.parse(zh) if name}
                == {name for _, name, _, _ in fields.parse(en) if name}), zh
