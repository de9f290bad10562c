"""Both languages (issue 28 §4): every seeded dictionary entry carries its English label (``dictLabelEn``;
RuoYi's ``dictLabel`` stays zh-CN on the core's wire), an installed database gets it from migration 0041, the
BFF's screens answer dictionaries in the operator's language, and the features' business refusals answer an
English caller in English."""

from __future__ import annotations

import importlib
import inspect
import re
import string
from pathlib import Path
from types import SimpleNamespace

from tortoise import connections

from core_api.platform import schema
from core_api.seed.data import DICTS
from core_api.system.dict.models import SysDictData
from tests.conftest import OK, bearer
from tests.test_bff import bff_login, start_bff

CJK = re.compile(r"[\u4e00-\u9fff]")
EN = {"Accept-Language": "en-US,en;q=0.9"}


def test_every_seeded_dictionary_entry_has_an_english_label():
    for dict_type, (_name, items) in DICTS.items():
        for label, value, _cls, _default, label_en in items:
            assert label_en.strip() and not CJK.search(label_en), (dict_type, value, label)
            assert len(label_en) <= 100


async def test_the_seeded_entries_answer_their_english_beside_ruoyis_chinese(admin):
    rows = await SysDictData.all().values("dict_type", "dict_value", "dict_label", "dict_label_en")
    assert len(rows) == sum(len(items) for _name, items in DICTS.values())
    assert [r for r in rows if not r["dict_label_en"]] == []
    status = (await admin.get("/system/dict/data/type/sys_normal_disable"))["data"]
    assert [(d["dictLabel"], d["dictLabelEn"]) for d in status] == [("正常", "Normal"), ("停用", "Disabled")]
    # an English caller still reads RuoYi's dictLabel in zh-CN from the core
    status = (await admin.get("/system/dict/data/type/biz_shelf", headers=EN))["data"]
    assert [(d["dictLabel"], d["dictLabelEn"]) for d in status] == [("上架", "On shelf"), ("下架", "Off shelf")]


async def test_the_english_label_is_edited_with_the_entry(admin):
    entry = {"dictType": "sys_yes_no", "dictLabel": "也许", "dictLabelEn": " Maybe ", "dictValue": "M", "dictSort": 3}
    assert await admin.post("/system/dict/data", json=entry) == OK
    made = next(d for d in (await admin.get("/system/dict/data/type/sys_yes_no"))["data"] if d["dictValue"] == "M")
    assert (made["dictLabel"], made["dictLabelEn"]) == ("也许", "Maybe")
    assert (await admin.get(f"/system/dict/data/{made['dictCode']}"))["data"]["dictLabelEn"] == "Maybe"
    assert await admin.put("/system/dict/data", json={**entry, "dictCode": made["dictCode"], "dictLabelEn": ""}) == OK
    assert (await admin.get(f"/system/dict/data/{made['dictCode']}"))["data"]["dictLabelEn"] is None
    too_long = await admin.put("/system/dict/data", json={**entry, "dictCode": made["dictCode"],
                                                          "dictLabelEn": "x" * 101})
    assert too_long["code"] == 500 and "英文标签" in too_long["msg"]


async def test_the_migration_fills_the_seeded_entries_it_still_recognises(client):
    migration = importlib.import_module("core_api.migrations.0041_dict_label_en")
    editor = SimpleNamespace(client=connections.get("default"))
    await SysDictData.all().update(dict_label_en=None)  # a database from before the column
    await SysDictData.filter(dict_type="sys_normal_disable", dict_value="1").update(dict_label="禁用")  # relabelled
    await SysDictData.create(dict_type="sys_normal_disable", dict_value="9", dict_label="其他")  # added
    await migration.forward(None, editor)
    await migration.forward(None, editor)  # twice: the same
    got = dict(await SysDictData.filter(dict_type="sys_normal_disable").values_list("dict_value", "dict_label_en"))
    assert got == {"0": "Normal", "1": None, "9": None}
    assert await SysDictData.filter(dict_label_en__isnull=True).count() == 2


async def test_the_bff_answers_dictionaries_in_the_operators_language(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    token = bearer((await bff_login(bff))["data"]["token"])

    async def statuses(path: str, headers: dict, **params: str) -> list[str]:
        answer = await (await bff.get(path, headers={**token, **headers}, params=params)).json()
        return [d["dictLabel"] for d in answer["data"]["dicts"]["sys_normal_disable"]]

    assert await statuses("/bff/screens/session", EN) == ["Normal", "Disabled"]
    assert await statuses("/bff/screens/session", {}) == ["正常", "停用"]
    assert await statuses("/bff/screens/system/user", EN) == ["Normal", "Disabled"]
    # a declared business screen (goods) takes the same road
    goods = await (await bff.get("/bff/screens/resource", headers={**token, **EN},
                                 params={"view": "mall/goods/index"})).json()
    assert goods["code"] == 200, goods
    assert [d["dictLabel"] for d in goods["data"]["dicts"]["biz_shelf"]] == ["On shelf", "Off shelf"]


def test_every_business_refusal_has_english_with_the_same_values_and_is_raised():
    from core_api.app import feature_apis

    feature_apis()  # every feature registers its refusals at import
    assert len(schema.BUSINESS) >= 60
    fields = string.Formatter()
    sources = "\n".join(inspect.getsource(importlib.import_module(m)) for m in _registering_modules())
    everything = re.sub(r'"\s*\n\s*f?"', "", sources)  # an f-string split over lines, joined
    for zh, en in schema.BUSINESS.items():
        assert CJK.search(zh) and not CJK.search(en), (zh, en)
        assert ({n for _, n, _, _ in fields.parse(zh) if n} == {n for _, n, _, _ in fields.parse(en) if n}), zh
        # each fixed part of the template is in a feature's source: no English for a refusal nobody raises
        for part in re.split(r"\{\w+\}", zh):
            assert part in everything, (zh, part)
    for word, en in schema.WORDS.items():
        assert CJK.search(word) and en and not CJK.search(en) and "{" not in word + en, word


def _registering_modules() -> set[str]:
    """The feature modules that register English (the platform's catalogue is tested beside it)."""
    import sys

    return {name for name, module in list(sys.modules.items())
            if name.startswith("core_api.") and not name.startswith("core_api.platform")
            and getattr(module, "__file__", None) and "\nenglish(" in Path(module.__file__).read_text("utf-8")}


def test_a_raised_refusal_with_values_is_put_back_in_english():
    from core_api.app import feature_apis

    feature_apis()
    assert schema.business_english("订单待发货，不能支付") == "The order is awaiting shipment: cannot pay"
    assert schema.business_english("该提现打款中，不能驳回") == "The withdrawal is paying out: cannot reject"
    assert schema.business_english("对不起，您的账号：ry 已停用") == "Sorry: your account ry is disabled"
    assert (schema.business_english("登录密码不正确，密码输入错误1次，再错4次将锁定10分钟")
            == "Wrong sign-in password: 1 failed attempts, 4 more and it is locked for 10 minutes")
    assert schema.business_english("大额退款需要重新输入登录密码") == "A large refund needs your sign-in password again"
    assert schema.business_english("没有注册的话") is None


async def test_an_english_caller_reads_business_refusals_in_english(admin):
    refused = await admin.post("/system/user", headers=EN, json={
        "userName": "ry", "nickName": "重复", "password": "admin123", "deptId": 103})
    assert refused == {"code": 500, "msg": "Creating user 'ry' failed: the user name already exists"}
    refused = await admin.delete("/system/user/1", headers=EN)
    assert refused["msg"] in ("The current user cannot be deleted", "The super administrator may not be changed")
    refused = await admin.post("/system/user", json={"userName": "ry", "nickName": "重复", "password": "admin123",
                                                     "deptId": 103})
    assert refused == {"code": 500, "msg": "新增用户'ry'失败，登录账号已存在"}  # zh-CN stays as raised


async def test_a_wrong_password_is_refused_in_the_callers_language(client):
    body = {"username": "ry", "password": "wrong-password"}
    english = await (await client.post("/login", json=body, headers=EN)).json()
    assert english == {"code": 500, "msg": "The user does not exist or the password is wrong"}
    chinese = await (await client.post("/login", json=body)).json()
    assert chinese == {"code": 500, "msg": "用户不存在/密码错误"}


def test_an_entry_without_english_shows_its_chinese_label_to_an_english_console():
    from bff.core_client import CoreClient
    from bff.screens.system_shared import in_language

    entries = [{"dictLabel": "正常", "dictLabelEn": "Normal"}, {"dictLabel": "其他", "dictLabelEn": None}]
    english = CoreClient(None, "", {"Accept-Language": "en-GB,en;q=0.8"})  # type: ignore[arg-type]
    chinese = CoreClient(None, "", {"Accept-Language": "zh-CN"})  # type: ignore[arg-type]
    assert [e["dictLabel"] for e in in_language(english, entries)] == ["Normal", "其他"]
    assert in_language(chinese, entries) == entries
