"""Form designer: forms saved, reopened, renamed and deleted; bad definitions refused."""

from __future__ import annotations

from tests.conftest import OK

FORM = {"formName": "报名表", "config": {"labelWidth": 100}, "fields": [
    {"type": "input", "name": "name", "label": "姓名", "required": True, "rules": {"maxLength": 20}},
    {"type": "row", "name": "row1", "children": [
        {"type": "select", "name": "city", "label": "城市", "options": [{"label": "长沙", "value": "cs"}], "span": 12},
        {"type": "date", "name": "day", "label": "日期", "span": 12}]},
]}


async def test_save_reopen_update_delete(admin, ry):
    saved = await admin.post("/tool/build", json=FORM)
    form_id = saved["data"]["formId"]
    got = (await admin.get(f"/tool/build/{form_id}"))["data"]
    assert got["formName"] == "报名表" and got["fields"][1]["children"][0]["options"][0]["value"] == "cs"
    assert (await admin.post("/tool/build", json={**FORM, "formId": form_id, "formName": "报名表2"}))["code"] == 200
    assert (await admin.get("/tool/build/list"))["rows"][0]["formName"] == "报名表2"
    assert (await admin.post("/tool/build", json=FORM))["code"] == 200
    dup = await admin.post("/tool/build", json={**FORM, "formId": form_id})
    assert dup == {"code": 500, "msg": "表单名称'报名表'已存在"}
    assert await admin.delete(f"/tool/build/{form_id}") == OK
    assert (await admin.get(f"/tool/build/{form_id}"))["code"] == 404
    assert (await ry.get("/tool/build/list"))["code"] == 403


async def test_bad_definitions(admin):
    same = {**FORM, "fields": [FORM["fields"][0], {**FORM["fields"][0], "label": "又一个"}]}
    assert await admin.post("/tool/build", json=same) == {"code": 500, "msg": "字段名不能重复"}
    evil = {**FORM, "fields": [{"type": "script", "name": "x"}]}
    assert (await admin.post("/tool/build", json=evil))["code"] == 500
    bad_name = {**FORM, "fields": [{"type": "input", "name": "a b<"}]}
    assert (await admin.post("/tool/build", json=bad_name))["code"] == 500
