"""The one gate every call passes (core_api/platform/api.py): each query, form and body value is parsed by the type
its declaration gives it and refused there in the operator's language, naming the field, with nothing changed.

A dictionary-valued field takes only its dictionary's values, a text no more than its column holds, an integer no
more than its column holds, and an export's form is read exactly like its list's query. Before, such values went on
to the database and came back as 系统内部错误 (issue 26: 820 answers on 99 operations)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from core_api.app import feature_apis
from core_api.content.app_version.models import CommonAppVersion
from core_api.content.feedback.models import CommonFeedback
from core_api.mall.goods.models import MallCategory, MallGoods
from core_api.mall.integral_goods.models import MallIntegralGoods
from core_api.platform.resource import REGISTRY, Resource, column_limits
from core_api.system.notice.models import SysNotice
from tests.conftest import OK, Caller, Refused, app_users
from tests.mall_support import make_shop, shop_staff

feature_apis()  # every feature's declarations registered
LISTED = sorted((r for r in REGISTRY.values() if not r.hand_list), key=lambda r: r.name)
INTERNAL = "系统内部错误"


def fail(msg: str) -> Refused:
    return Refused(msg)


async def list_call(caller: Caller, res: Resource, values: dict[str, str]) -> dict:
    path = res.list_path or f"/admin/{res.name}/list"
    if res.list_method == "POST":
        return await caller.post(path, json=values)
    return await caller.get(path, params=values)


# ---- the requests of the report --------------------------------------------------------------------------------

async def test_the_reported_requests_are_refused_by_field(admin, client):
    assert await admin.get("/admin/CommonFeedback/list_data", params={"status": "0000000000000000"}) == fail(
        "处理状态长度不能超过1个字符")
    assert await admin.get("/admin/OrderMain/list_data", params={"shelf": "null"}) == fail(
        "App可见长度不能超过1个字符")
    assert await admin.get("/admin/mall/shop/goods/list_data", params={"shelf": "00"}) == fail(
        "上架长度不能超过1个字符")
    # a value of the right length that the dictionary does not hold
    assert await admin.get("/admin/mall/shop/goods/list_data", params={"shelf": "7"}) == fail("上架的取值不正确")
    # the dictionary's own values still filter
    listed = await admin.get("/admin/mall/shop/goods/list_data", params={"shelf": "1"})
    assert listed["code"] == 200
    # a version beyond what the version column holds
    assert await admin.post("/admin/config_page/pay_way/restore",
                            data={"restore": "9223372036854775806", "version": "0"}) == fail(
        "恢复的版本不能大于2147483647")
    # an export's form is the list's query: the same refusal, as JSON, never a broken file
    response = await client.post("/admin/AccountUserAuth/export", data={"status": "null"},
                                 headers={"Authorization": f"Bearer {admin.token}"})
    assert response.content_type == "application/json"
    assert await response.json() == fail("审核状态长度不能超过1个字符")


async def test_a_shop_account_is_refused_the_same_way(admin):
    shop = await make_shop("甲店")
    staff = await shop_staff(admin, shop, "shop_a", ("order:main:list", "mall:goods:list"))
    assert await staff.get("/admin/OrderMain/list_data", params={"shelf": "null"}) in (
        fail("App可见长度不能超过1个字符"), {"code": 403, "msg": "当前操作没有权限"})
    assert await staff.get("/admin/mall/shop/goods/list_data", params={"shelf": "9"}) == fail("上架的取值不正确")


async def test_a_list_query_kept_from_its_first_read_meets_the_dictionary_of_now(admin):
    """The gate keeps what a list's query string validated to (``api.parse_query``): asked again, the string is not
    read again, but its dictionary values are checked again. A value disabled meanwhile is refused, enabled again
    it filters again; a string refused is refused each time."""
    path, params = "/admin/mall/shop/goods/list_data", {"shelf": "1", "pageSize": "7"}
    assert (await admin.get(path, params=params))["code"] == 200
    listed = (await admin.get("/system/dict/data/type/biz_shelf"))["data"]
    code = next(d["dictCode"] for d in listed if d["dictValue"] == "1")
    entry = (await admin.get(f"/system/dict/data/{code}"))["data"]
    assert await admin.put("/system/dict/data", json={**entry, "status": "1"}) == OK
    assert await admin.get(path, params=params) == fail("上架的取值不正确")
    assert await admin.put("/system/dict/data", json={**entry, "status": "0"}) == OK
    assert (await admin.get(path, params=params))["code"] == 200
    for _ in range(2):
        assert await admin.get(path, params={**params, "pageSize": "501"}) == fail("每页条数不能大于500")


def test_a_kept_list_query_cannot_be_changed_by_its_handler():
    """The value kept for a query string is the one every later call with that string gets: frozen."""
    query = REGISTRY["NoticeImRecordSingle"].query_model.model_validate({"pageSize": "5"})
    with pytest.raises(ValidationError):
        query.page_size = 50  # type: ignore[misc]
    assert query.page_size == 5


# ---- the class: every declared list and its export -------------------------------------------------------------

def dict_filters(res: Resource) -> list:
    return [f for f in res.fields if f.filter == "exact" and f.kind in ("dict", "flag") and f.dict_type]


@pytest.mark.parametrize("res", [r for r in LISTED if dict_filters(r)], ids=lambda r: r.name)
async def test_every_dictionary_filter_takes_only_its_dictionary(admin, client, res):
    for f in dict_filters(res):
        longest = column_limits(res.model, f.name)[1] or 16
        wrong = "~" * min(longest, 1)
        assert await list_call(admin, res, {f.wire: wrong}) == fail(f"{f.label}的取值不正确"), (res.name, f.name)
        assert await list_call(admin, res, {f.wire: "0" * (longest + 1)}) == fail(
            f"{f.label}长度不能超过{longest}个字符"), (res.name, f.name)
        if res.exportable and res.export_path is None:
            response = await client.post(f"/admin/{res.name}/export", data={f.wire: wrong},
                                         headers={"Authorization": f"Bearer {admin.token}"})
            assert response.content_type == "application/json", (res.name, f.name)
            assert await response.json() == fail(f"{f.label}的取值不正确"), (res.name, f.name)


def int_columns(res: Resource) -> list:
    return [f for f in res.fields if f.filter in ("exact", "range") and f.kind in ("id", "int", "uid", "money")
            and column_limits(res.model, f.name)[0] == 2**31 - 1]


@pytest.mark.parametrize("res", [r for r in LISTED if int_columns(r)], ids=lambda r: r.name)
async def test_integer_filters_stay_within_their_column(admin, res):
    for f in int_columns(res):
        wire = f.wire if f.filter == "exact" else "begin" + f.wire[:1].upper() + f.wire[1:]
        title = f.label if f.filter == "exact" else f"{f.label}起"
        top = min(f.max if f.max is not None else 2**31 - 1, 2**31 - 1)
        answer = await list_call(admin, res, {wire: str(top + 1)})
        assert answer == fail(f"{title}不能大于{top}"), (res.name, f.name, answer)


# ---- writes ------------------------------------------------------------------------------------------------------

async def test_a_write_beyond_its_column_changes_nothing(admin):
    before = await CommonAppVersion.all().count()
    version = {"platform": "android", "versionName": "1.0.1", "downloadUrl": "https://example.com/a.apk"}
    answer = await admin.post("/admin/CommonAppVersion", json={**version, "versionCode": 2**31})
    assert answer == fail("版本号不能大于2147483647")
    answer = await admin.post("/admin/app_version/add_edit", json={**version, "versionCode": 2**31})
    assert answer == fail("版本号不能大于2147483647")
    assert await CommonAppVersion.all().count() == before


async def test_a_dictionary_field_of_a_write_takes_only_its_dictionary(admin):
    row = await CommonFeedback.create(uid=1, content="好用", status="0")
    answer = await admin.put("/admin/CommonFeedback", json={"id": row.id, "content": "好用了", "type": "9"})
    assert answer == fail("反馈类型的取值不正确")
    assert (await CommonFeedback.get(id=row.id)).content == "好用"


# ---- rich text: one allow-list, on every write -------------------------------------------------------------------

HOSTILE_HTML = '<p>好</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">点</a>'
IMAGE = "/profile/upload/2026/11/24/a1b2c3.png"
CLEAN_HTML = '<p>好</p><img src="x"><a rel="noopener noreferrer">点</a>'


async def test_rich_text_is_sanitised_on_every_way_in(admin):
    shop = await make_shop("丙店")
    leaf = await MallCategory.create(kind="goods", parent_id=0, name="茶叶")
    made = await admin.post("/admin/mall/shop/goods/add_edit", json={
        "shopId": shop.id, "categoryId": leaf.id, "name": "龙井", "pics": IMAGE, "detail": HOSTILE_HTML})
    assert made["code"] == 200, made
    goods_id = made["data"]["id"]
    assert (await MallGoods.get(id=goods_id)).detail == CLEAN_HTML
    page = await admin.get("/admin/mall/shop/goods/add_edit_page", params={"id": goods_id})
    assert page["data"]["goods"]["detail"] == CLEAN_HTML  # served as stored: clean
    edited = await admin.post("/admin/mall/shop/goods/add_edit", json={
        "id": goods_id, "categoryId": leaf.id, "name": "龙井", "detail": HOSTILE_HTML + "<b>新</b>"})
    assert edited["code"] == 200, edited
    assert (await MallGoods.get(id=goods_id)).detail == CLEAN_HTML + "<b>新</b>"

    points = await MallCategory.create(kind="integral", parent_id=0, name="好物")
    made = await admin.post("/admin/goods_integral/add_edit", json={
        "name": "杯", "pics": IMAGE, "categoryId": points.id, "points": 10, "stock": 1, "detail": HOSTILE_HTML})
    assert made["code"] == 200, made
    assert (await MallIntegralGoods.get(id=made["data"]["id"])).detail == CLEAN_HTML

    notice = {"noticeTitle": "公告", "noticeType": "1", "noticeContent": HOSTILE_HTML, "status": "0"}
    assert (await admin.post("/system/notice", json=notice))["code"] == 200
    assert (await SysNotice.get(notice_title="公告")).notice_content == CLEAN_HTML

    page = (await admin.post("/admin/consult/independence"))["data"]
    body = {k: v for k, v in page.items() if k not in ("updateBy", "updateTime", "secretsSet")}
    saved = await admin.post("/admin/consult/independence/edit", json={**body, "intro": HOSTILE_HTML})
    assert saved["code"] == 200, saved
    assert (await admin.post("/admin/consult/independence"))["data"]["intro"] == CLEAN_HTML


# ---- field kinds: app users, addresses, identity numbers -----------------------------------------------------------

UNKNOWN = 99999999


@pytest.mark.parametrize(("name", "body", "field"), [
    ("AccountUserAuth", {"uid": UNKNOWN, "realName": "张三", "idNumber": "11010119900318123X"}, "用户UID"),
    ("AccountUserCollect", {"uid": UNKNOWN, "targetType": "1", "targetId": 1}, "用户UID"),
    ("AccountUserRelease", {"uid": UNKNOWN, "content": "今天天气好"}, "用户UID"),
    ("WordsInterceptRecord", {"uid": UNKNOWN, "word": "代开发票", "scene": "single"}, "用户UID"),
    ("NoticeImRecordSingle", {"fromUid": UNKNOWN, "toUid": 10001, "sentTime": "2026-03-05 10:00:00"}, "发送方UID"),
    ("NoticeImRecordSingle", {"fromUid": 10001, "toUid": UNKNOWN, "sentTime": "2026-03-05 10:00:00"}, "接收方UID"),
    ("CommonFeedback", {"uid": UNKNOWN, "content": "好用"}, "用户UID"),
], ids=lambda v: v if isinstance(v, str) else "")
async def test_an_operator_record_names_an_existing_app_user(admin, name, body, field):
    await app_users(10001)
    res = REGISTRY[name]
    before = await res.model.all().count()
    assert await admin.post(f"/admin/{name}", json=body) == fail(f"{field}：用户 {UNKNOWN} 不存在")
    assert await res.model.all().count() == before
    sent = await admin.post("/admin/common_message/v2/add_message",
                            json={"title": "通知", "content": "x", "type": "1", "uids": [10001, UNKNOWN]})
    assert sent == fail(f"接收用户不存在：{UNKNOWN}")


async def test_addresses_take_http_only_and_identity_numbers_their_check_character(admin):
    version = {"platform": "android", "versionName": "1.0.2", "versionCode": 102}
    for url in ("javascript:alert(1)", "data:text/html,x", "ftp://example.com/a.apk", "https://u:p@example.com/a"):
        assert await admin.post("/admin/CommonAppVersion", json={**version, "downloadUrl": url}) == fail(
            "下载地址须为 http:// 或 https:// 开头的网址"), url
        assert await admin.post("/admin/app_version/add_edit", json={**version, "downloadUrl": url}) == fail(
            "下载地址须为 http:// 或 https:// 开头的网址"), url
    assert await CommonAppVersion.all().count() == 0
    made = await admin.post("/admin/CommonAppVersion", json={**version, "downloadUrl": "https://example.com/a.apk"})
    assert made["code"] == 200, made

    await app_users(10001)
    identity = {"uid": 10001, "realName": "张三"}
    assert await admin.post("/admin/AccountUserAuth", json={**identity, "idNumber": "123456789012345678"}) == fail(
        "身份证号中的出生日期不正确")
    assert await admin.post("/admin/AccountUserAuth", json={**identity, "idNumber": "110105194912310021"}) == fail(
        "身份证号校验码不正确")
    assert await REGISTRY["AccountUserAuth"].model.all().count() == 0
    made = await admin.post("/admin/AccountUserAuth", json={**identity, "idNumber": "11010519491231002x"})
    assert made["code"] == 200, made
    assert (await REGISTRY["AccountUserAuth"].model.get(id=made["data"]["id"])).id_number == "11010519491231002X"
