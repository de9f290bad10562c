"""Bad input never crashes and never breaks a later read: control characters, overflowing integers, malformed
multipart bodies, over-long generated defaults, stored control characters in exports, upload limits and
validation messages wholly in the operator's language."""

from __future__ import annotations

import io
import typing
from datetime import UTC, date, datetime

import aiohttp
import pytest
from openpyxl import load_workbook
from pydantic import BaseModel, Field, ValidationError
from pydantic_core.core_schema import ErrorType
from tortoise import connections

from core_api.monitor.job.models import SysJob, SysJobLog
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.monitor.operlog.models import SysOperLog
from core_api.platform.schema import MESSAGES, OptionalEmail, Schema, describe_validation_error
from core_api.system.config.models import SysConfig
from core_api.system.dict.models import SysDictData, SysDictType
from core_api.system.notice.models import SysNotice
from core_api.system.post.models import SysPost
from core_api.system.role.models import SysRole
from core_api.system.user.models import SysUser
from core_api.tools.gen.models import GenTable
from tests.conftest import OK, Caller, Refused, bearer, token_for
from tests.test_bff import start_bff

NEW_POST = {"postCode": "ops", "postName": "运维", "postSort": 5, "status": "0"}
MB = 1024 * 1024
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def fail(msg: str) -> Refused:
    return Refused(msg)


# ---- 1. refused at the edge ----------------------------------------------------------------------------------

async def test_control_characters_are_refused_in_plain_text(admin):
    before = await SysPost.all().count()
    nul = await admin.post("/system/post", json={**NEW_POST, "postCode": "a\x00b"})
    assert nul == fail("岗位编码不能包含控制字符")
    escape = await admin.post("/system/post", json={**NEW_POST, "postName": "运\x1b维"})
    assert escape == fail("岗位名称不能包含控制字符")
    assert await admin.get("/system/post/list", params={"postName": "a\x00"}) == fail("postName不能包含控制字符")
    assert await SysPost.all().count() == before
    # a nick name with a bell: refused, the profile unchanged
    refused = await admin.put("/system/user/profile", json={"nickName": "ry\x07", "email": "", "sex": "0"})
    assert refused["code"] == 500 and refused["msg"].endswith("不能包含控制字符")
    assert (await SysUser.get(user_id=1)).nick_name != "ry\x07"
    # tab, line feed and carriage return are text
    assert await admin.post("/system/post", json={**NEW_POST, "remark": "一\t二\r\n三"}) == OK
    assert (await SysPost.get(post_code="ops")).remark == "一\t二\r\n三"


async def test_control_characters_are_stripped_from_rich_text(admin):
    notice = {"noticeTitle": "停机", "noticeType": "1", "noticeContent": "<p>今\x00晚\x07停机</p>", "status": "0"}
    assert await admin.post("/system/notice", json=notice) == OK
    assert (await SysNotice.get(notice_title="停机")).notice_content == "<p>今晚停机</p>"
    title = await admin.post("/system/notice", json={**notice, "noticeTitle": "停\x00机"})
    assert title == fail("公告标题不能包含控制字符")


async def test_integers_beyond_bigint_are_refused(admin):
    before = await SysPost.all().count()
    assert await admin.post("/system/post", json={**NEW_POST, "postSort": 2**64}) == fail("显示顺序超出取值范围")
    assert await admin.post("/system/post", json={**NEW_POST, "postSort": -(2**64)}) == fail("显示顺序超出取值范围")
    assert await admin.get("/system/post/list", params={"pageNum": str(2**64)}) == fail("页码不能大于1000000")
    assert await admin.get(f"/system/post/{2**64}") == fail("参数 postId 格式不正确")
    assert await admin.delete(f"/system/post/{2**64}") == fail("编号格式不正确")
    assert await admin.post("/system/post", json={**NEW_POST, "postSort": 2**40}) == fail("显示顺序不能大于9999")
    assert await SysPost.all().count() == before


async def test_far_days_and_deep_pages_are_refused_in_the_operators_words(admin):
    """Beyond 1900-01-01 … 9998-12-31 a local day's bounds overflow the calendar; beyond page 1,000,000 the offset
    leaves the database's integers: both were 系统内部错误 on every list."""
    between = "须在1900-01-01至9998-12-31之间"
    for params, msg in [({"beginTime": "0001-01-01"}, "开始日期" + between),
                        ({"params[endTime]": "9999-12-31"}, "结束日期" + between),
                        ({"pageNum": str(2**62)}, "页码不能大于1000000")]:
        assert await admin.get("/system/post/list", params=params) == fail(msg), params
    for path in ("/admin/OrderMain/list_data", "/admin/integral/list_data", "/admin/order_comment_mall/page_data"):
        for params in ({"pageNum": str(2**62)}, {"beginTime": "0001-01-01"}, {"endTime": "9999-12-31"},
                       {"beginCreateTime": "0001-01-01"}):
            out = await admin.get(path, params=params)
            assert out["code"] == 500 and "系统内部错误" not in out["msg"], (path, params, out)
    messages = await admin.post("/api/msg/v1/list", json={"pageNo": 2**62, "pageSize": 10})
    assert messages == fail("页码不能大于1000000")
    # a RuoYi console's "no end" is still a day
    assert (await admin.get("/system/post/list", params={"params[endTime]": "2999-12-31"}))["code"] == 200


async def test_malformed_multipart_is_refused(admin):
    bad_header = (b'--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nbad header line\r\n\r\n'
                  b"hello\r\n--XX--\r\n")
    answer = await admin.post("/common/upload", data=bad_header,
                              headers={"Content-Type": "multipart/form-data; boundary=XX"})
    assert answer == fail("上传请求格式不正确（multipart 格式错误）")
    no_boundary = await admin.post("/common/upload", data=b"garbage", headers={"Content-Type": "multipart/form-data"})
    assert no_boundary == fail("上传请求格式不正确（multipart 格式错误）")
    avatar = await admin.post("/system/user/profile/avatar", data=bad_header,
                              headers={"Content-Type": "multipart/form-data; boundary=XX"})
    assert avatar == fail("上传请求格式不正确（multipart 格式错误）")
    assert (await SysUser.get(user_id=1)).avatar == ""
    # the same on a call that reads a form (a RuoYi export)
    export = await admin.post("/system/post/export", data=b"garbage", headers={"Content-Type": "multipart/form-data"})
    assert export == fail("请求格式不正确（表单格式错误）")
    export = await admin.post("/system/post/export", data=bad_header,
                              headers={"Content-Type": "multipart/form-data; boundary=XX"})
    assert export == fail("请求格式不正确（表单格式错误）")


async def test_code_generator_defaults_fit_a_long_table_name_or_comment(admin):
    name = "shop_" + "very_long_business_name_" * 2 + "x"  # 55 characters: the default comment is the name
    conn = connections.get("default")
    await conn.execute_script(f"CREATE TABLE {name} (item_id INTEGER PRIMARY KEY, title VARCHAR(100))")
    assert await admin.post("/tool/gen/importTable", params={"tables": name}) == OK
    gen = await GenTable.get(table_name=name)
    assert gen.table_comment == name and gen.function_name == name[:50] and len(gen.business_name) <= 30


async def test_the_bff_refuses_the_same_inputs(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    core = await start_app(settings)
    bff = await start_bff(aiohttp_client, core, settings)
    headers = bearer(await token_for(core))
    nul = await (await bff.get("/bff/screens/system/post", params={"postName": "a\x00"}, headers=headers)).json()
    assert nul == fail("postName不能包含控制字符")
    big = await (await bff.get("/bff/screens/system/post", params={"pageNum": str(2**64)}, headers=headers)).json()
    assert big == fail("页码不能大于1000000")
    path = await (await bff.get(f"/bff/screens/tool/gen/{2**64}", headers=headers)).json()
    assert path == fail("参数 tableId 格式不正确")
    login = await (await bff.post("/bff/auth/login", json={"username": "ad\x00min", "password": "x"})).json()
    assert login == fail("用户名不能包含控制字符")
    english = await (await bff.post("/bff/auth/login", json={"username": ["x"]},
                                    headers={"Accept-Language": "en"})).json()
    assert english == fail("username: must be a string")


# ---- 2. stored control characters never break an export -----------------------------------------------------

EXPORTS = {
    "/monitor/logininfor/export": ("ab\x1bcd", "abcd"),
    "/system/user/export": ("ry\x07", "ry"),
    "/monitor/operlog/export": ("岗位\x01管理", "岗位管理"),
    "/system/post/export": ("运\x02维", "运维"),
    "/system/role/export": ("值\x03班", "值班"),
    "/system/config/export": ("参\x04数", "参数"),
    "/system/dict/type/export": ("字\x05典", "字典"),
    "/system/dict/data/export": ("标\x06签", "标签"),
}


async def test_exports_clean_stored_control_characters(admin):
    now = datetime.now(UTC)
    await SysLogininfor.create(user_name="ab\x1bcd", ipaddr="127.0.0.1", status="1", msg="用户不存在/密码错误",
                               login_time=now)
    await SysUser.filter(user_name="ry").update(nick_name="ry\x07")
    await SysOperLog.create(title="岗位\x01管理", oper_name="admin", oper_time=now)
    await SysPost.create(post_code="ops", post_name="运\x02维", post_sort=9)
    await SysRole.create(role_name="值\x03班", role_key="duty", role_sort=9)
    await SysConfig.create(config_name="参\x04数", config_key="x.y", config_value="1")
    await SysDictType.create(dict_name="字\x05典", dict_type="x_bell")
    await SysDictData.create(dict_label="标\x06签", dict_value="1", dict_type="sys_user_sex", dict_sort=9)
    for path, (_stored, cleaned) in EXPORTS.items():
        response = await admin.post(path, data={})
        assert not isinstance(response, dict), (path, response)  # a file, not an error envelope
        assert response.status == 200 and response.content_type.endswith("spreadsheetml.sheet"), path
        wb = load_workbook(io.BytesIO(await response.read()), read_only=True)
        cells = {c for row in wb.worksheets[0].iter_rows(values_only=True) for c in row if isinstance(c, str)}
        wb.close()
        assert cleaned in cells, (path, cleaned)


# ---- 3. unknown job-log ids, job groups ---------------------------------------------------------------------

JOB = {"jobName": "心跳2", "jobGroup": "DEFAULT", "invokeTarget": "heartbeat", "cronExpression": "0 0/5 * * * ?",
       "status": "1"}


async def test_job_log_delete_of_unknown_ids_is_404(admin):
    now = datetime.now(UTC)
    log = await SysJobLog.create(job_id=1, job_name="心跳", job_group="DEFAULT", invoke_target="heartbeat",
                                 fire_key="1:test", fire_time=now, start_time=now)
    assert await admin.delete("/monitor/jobLog/99999") == {"code": 404, "msg": "访问资源不存在"}
    assert await admin.delete(f"/monitor/jobLog/{log.job_log_id},99999") == {"code": 404, "msg": "访问资源不存在"}
    assert await SysJobLog.filter(job_log_id=log.job_log_id).exists()  # nothing deleted
    assert await admin.delete(f"/monitor/jobLog/{log.job_log_id}") == OK
    assert not await SysJobLog.filter(job_log_id=log.job_log_id).exists()


async def test_job_group_comes_from_the_dictionary(admin):
    before = await SysJob.all().count()
    refused = await admin.post("/monitor/job", json={**JOB, "jobGroup": "NOPE"})
    assert refused == fail("任务分组'NOPE'不存在，请从字典 sys_job_group 中选择（DEFAULT、SYSTEM）")
    assert await SysJob.all().count() == before
    assert await admin.post("/monitor/job", json={**JOB, "jobGroup": "SYSTEM"}) == OK
    job = await SysJob.get(job_name="心跳2")
    edited = await admin.put("/monitor/job", json={**JOB, "jobId": job.job_id, "jobGroup": "OTHER"})
    assert edited == fail("任务分组'OTHER'不存在，请从字典 sys_job_group 中选择（DEFAULT、SYSTEM）")
    assert (await SysJob.get(job_id=job.job_id)).job_group == "SYSTEM"
    wrong = await admin.put("/monitor/job/run", json={"jobId": job.job_id, "jobGroup": "DEFAULT"})
    assert wrong == fail("任务不存在或已过期！")
    assert await admin.put("/monitor/job/run", json={"jobId": job.job_id, "jobGroup": "SYSTEM"}) == OK


# ---- 4. validation messages wholly in the operator's language -----------------------------------------------

async def test_the_quoted_messages_are_wholly_chinese(admin):
    user = {"userName": "zz1", "nickName": "x", "password": "admin123x", "email": "nope"}
    assert await admin.post("/system/user", json=user) == fail("邮箱格式不正确")
    assert await admin.post("/system/post", json=[1]) == fail("请求体必须是对象")
    dates = await admin.get("/monitor/logininfor/list", params={"params[beginTime]": "xx"})
    assert dates == fail("开始日期格式不正确，应为 yyyy-MM-dd")
    english = await admin.post("/system/user", json=user, headers={"Accept-Language": "en-US"})
    assert english["code"] == 500 and english["msg"].startswith("email: value is not a valid email address")


class Every(Schema):
    """A model whose fields produce the error types a request can meet."""

    text: str = Field("", title="文本", min_length=2, max_length=3, pattern=r"^[a-z]+$")
    number: int = Field(0, title="数量", gt=0, le=10)
    ratio: float = Field(0.5, title="比例", ge=0, lt=1)
    flag: bool = Field(False, title="开关")
    kind: typing.Literal["a", "b"] = Field("a", title="类型")
    items: list[int] = Field(default_factory=list, title="消息内容", min_length=1, max_length=2)
    day: date | None = Field(None, title="开始日期")
    when: datetime | None = Field(None, title="时间")
    mail: OptionalEmail = Field(None, title="邮箱")
    child: Schema | None = Field(None, title="子项")
    required: str = Field(title="名称")


CASES = [  # (input, error type, zh message, en message)
    ({}, "missing", "名称不能为空", "required: is required"),
    ({"text": "a"}, "string_too_short", "文本长度不能少于2个字符", "text: must have at least 2 characters"),
    ({"text": "abcd"}, "string_too_long", "文本长度不能超过3个字符", "text: must have at most 3 characters"),
    ({"text": "AB"}, "string_pattern_mismatch", "文本格式不正确", "text: has the wrong format"),
    ({"text": 5}, "string_type", "文本必须是字符串", "text: must be a string"),
    ({"number": "x"}, "int_parsing", "数量必须是整数", "number: must be an integer"),
    ({"number": 1.5}, "int_from_float", "数量必须是整数", "number: must be an integer"),
    ({"number": [1]}, "int_type", "数量必须是整数", "number: must be an integer"),
    ({"number": "9" * 5000}, "int_parsing_size", "数量超出取值范围", "number: is out of range"),
    ({"number": 0}, "greater_than", "数量必须大于0", "number: must be greater than 0"),
    ({"number": 11}, "less_than_equal", "数量不能大于10", "number: must be at most 10"),
    ({"ratio": "x"}, "float_parsing", "比例必须是数字", "ratio: must be a number"),
    ({"ratio": -1}, "greater_than_equal", "比例不能小于0", "ratio: must be at least 0"),
    ({"ratio": 1}, "less_than", "比例必须小于1", "ratio: must be less than 1"),
    ({"ratio": [1]}, "float_type", "比例必须是数字", "ratio: must be a number"),
    ({"flag": "maybe"}, "bool_parsing", "开关必须是布尔值", "flag: must be a boolean"),
    ({"flag": [1]}, "bool_type", "开关必须是布尔值", "flag: must be a boolean"),
    ({"kind": "c"}, "literal_error", "类型取值必须是 'a' or 'b'", "kind: must be one of 'a' or 'b'"),
    ({"items": 1}, "list_type", "消息内容必须是列表", "items: must be a list"),
    ({"items": []}, "too_short", "消息内容至少1项", "items: must have at least 1 items"),
    ({"items": [1, 2, 3]}, "too_long", "消息内容最多2项", "items: must have at most 2 items"),
    ({"day": "2024-13-01"}, "date_from_datetime_parsing", "开始日期格式不正确，应为 yyyy-MM-dd",
     "day: must be a date (yyyy-MM-dd)"),
    ({"day": [1]}, "date_type", "开始日期格式不正确，应为 yyyy-MM-dd", "day: must be a date (yyyy-MM-dd)"),
    ({"when": "soon"}, "datetime_from_date_parsing", "时间格式不正确，应为 yyyy-MM-dd HH:mm:ss",
     "when: must be a time (yyyy-MM-dd HH:mm:ss)"),
    ({"when": [1]}, "datetime_type", "时间格式不正确，应为 yyyy-MM-dd HH:mm:ss",
     "when: must be a time (yyyy-MM-dd HH:mm:ss)"),
    ({"mail": "nope"}, "value_error", "邮箱格式不正确", None),
    ({"child": 1}, "model_type", "子项必须是对象", "child: must be an object"),
]


@pytest.mark.parametrize(("data", "kind", "zh", "en"), CASES, ids=[c[1] for c in CASES])
def test_every_error_type_reads_in_the_operators_language(data, kind, zh, en):
    payload = {"required": "x", **data} if kind != "missing" else data
    with pytest.raises(ValidationError) as caught:
        Every.model_validate(payload)
    assert caught.value.errors()[0]["type"] == kind
    assert describe_validation_error(caught.value, Every, "zh") == zh
    if en is not None:
        assert describe_validation_error(caught.value, Every, "en-US") == en


def test_no_pydantic_english_reaches_a_chinese_message():
    """Every error type pydantic can raise, with whatever context it carries: the zh text has no English."""
    ctx = {"attribute": "a", "error": "bad input here", "method_name": "m", "class_name": "C", "gt": 1, "ge": 1,
           "lt": 1, "le": 1, "multiple_of": 2, "field_type": "List", "min_length": 1, "max_length": 2,
           "actual_length": 3, "pattern": "^x$", "expected": "'a'", "encoding": "utf-8",
           "encoding_error": "bad", "tz_expected": 0, "tz_actual": 1, "class": "C",
           "discriminator": "'kind'", "expected_tags": "'a'", "tag": "z", "expected_schemes": "'http'",
           "expected_version": 4, "max_digits": 5, "decimal_places": 2, "whole_digits": 3, "reason": "no @"}
    for kind in typing.get_args(ErrorType):
        error = ValidationError.from_exception_data("M", [{"type": kind, "loc": ("名称",), "input": 1, "ctx": ctx}])
        text = describe_validation_error(error, BaseModel, "zh")
        assert text.startswith("名称"), (kind, text)
        rule = text.removeprefix("名称")
        for allowed in ("yyyy-MM-dd", "HH:mm:ss", "UUID", "JSON", "UTF-8", "ASCII", "'a'", "'http'", "'kind'"):
            rule = rule.replace(allowed, "")
        assert not any("a" <= ch.lower() <= "z" for ch in rule), (kind, text)
        assert describe_validation_error(error, BaseModel, "en")  # an English text exists as well
    assert set(MESSAGES) <= set(typing.get_args(ErrorType))  # no stale names in the table


# ---- 5. upload limits -----------------------------------------------------------------------------------------

async def multipart(caller: Caller, path: str, field: str, name: str, data: bytes) -> dict:
    form = aiohttp.FormData()
    form.add_field(field, data, filename=name)
    return await caller.post(path, data=form)


async def test_uploads_are_limited_to_5_mb(admin):
    under = b"%PDF-" + b"0" * (5 * MB - 6)
    assert (await multipart(admin, "/common/upload", "file", "under.pdf", under))["code"] == 200
    over = b"%PDF-" + b"0" * (5 * MB)
    assert await multipart(admin, "/common/upload", "file", "over.pdf", over) == fail("上传文件大小不能超过 5 MB!")
    avatar = await multipart(admin, "/system/user/profile/avatar", "avatarfile", "me.png", PNG + b"0" * (5 * MB))
    assert avatar == fail("上传头像图片大小不能超过 5 MB!")
    assert (await SysUser.get(user_id=1)).avatar == ""
    small = await multipart(admin, "/system/user/profile/avatar", "avatarfile", "me.png", PNG + b"0" * (5 * MB - 64))
    assert small["code"] == 200 and small["imgUrl"].startswith("/profile/avatar/")


async def test_the_upload_limit_is_configurable_and_bodies_over_it_get_the_envelope(start_app, make_settings,
                                                                                     aiohttp_client):
    settings = make_settings(upload_max_mb=1)
    client = await start_app(settings)
    admin = Caller(client, await token_for(client))
    over = b"%PDF-" + b"0" * MB
    assert await multipart(admin, "/common/upload", "file", "over.pdf", over) == fail("上传文件大小不能超过 1 MB!")
    under = b"%PDF-" + b"0" * (MB - 6)
    assert (await multipart(admin, "/common/upload", "file", "under.pdf", under))["code"] == 200
    # a body larger than the apps read whole: the envelope with the limit, not a bare 413
    huge = b'{"postCode": "' + b"x" * (3 * MB) + b'"}'
    response = await client.post("/system/post", data=huge,
                                 headers={**bearer(admin.token), "Content-Type": "application/json"})
    assert response.status == 200 and await response.json() == fail("上传文件大小不能超过 1 MB!")
    bff = await start_bff(aiohttp_client, client, settings)
    form = aiohttp.FormData()
    form.add_field("file", b"%PDF-" + b"0" * (3 * MB), filename="big.pdf")
    through = await bff.post("/bff/api/common/upload", data=form, headers=bearer(admin.token))
    assert through.status == 200 and await through.json() == fail("上传文件大小不能超过 1 MB!")
    form = aiohttp.FormData()
    form.add_field("file", b"%PDF-" + b"0" * (MB + 10), filename="big.pdf")  # within the BFF's body limit
    through = await bff.post("/bff/api/common/upload", data=form, headers=bearer(admin.token))
    assert through.status == 200 and await through.json() == fail("上传文件大小不能超过 1 MB!")
