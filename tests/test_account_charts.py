"""Sign-in charts: per day, per city and per province, from sign-ins reported by the partner API; date ranges
checked; the permission account:chartLogin:list; on PostgreSQL the range aggregate never scans the table."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from tortoise import connections

from core_api.account.charts.regions import short_province
from core_api.account.consumer.models import AccountSignIn
from tests.conftest import BACKEND, Caller, token_for
from tests.test_escalation import make_role, make_user, sign_in
from tests.test_partner_api import KEY, partner_post, register

FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}
RANGE = {"beginTime": "2026-03-01", "endTime": "2026-03-03"}
CHART = "/admin/account_login_check/account_chart_login"
CITY = "/admin/common/v2/chart_city"
PROVINCE = "/admin/common/chart_city_v2"


def ts(*args: int) -> int:
    return int(datetime(*args, tzinfo=UTC).timestamp())  # type: ignore[misc]


async def signed_in(start_app, make_settings) -> Caller:
    """Three app users; sign-ins in 广州 and 北京 over three local days (Asia/Shanghai), and two outside."""
    client = await start_app(make_settings(chat_partner_key=KEY))
    await register(client, 1001, registerTime=ts(2026, 1, 5, 4))
    await register(client, 1002, registerTime=ts(2026, 2, 5, 4))
    await register(client, 1003, registerTime=ts(2026, 3, 2, 4))  # a new user of 03-02
    reports = [
        (1001, "广东省", "广州", ts(2026, 3, 1, 2)),    # 03-01 10:00 local
        (1001, "广东", "广州", ts(2026, 3, 1, 3)),      # the same user again that day
        (1002, "北京市", "北京", ts(2026, 3, 1, 4)),
        (1001, " 广东省 ", "广州", ts(2026, 3, 1, 17)),  # 03-02 01:00 local
        (1003, "北京", "北京", ts(2026, 3, 3, 5)),
        (1002, "广东", "广州", ts(2026, 2, 28, 15, 59)),  # 02-28 23:59 local: before the range
        (1002, "广东", "广州", ts(2026, 3, 3, 16, 0)),    # 03-04 00:00 local: after it
    ]
    for uid, province, city, when in reports:
        body, _ = await partner_post(client, "/api/partner/v1/consumers/sign_in",
                                     {"uid": uid, "province": province, "city": city, "time": when})
        assert body["code"] == 200, body
    return Caller(client, await token_for(client))


def test_short_province_names():
    assert [short_province(n) for n in ("广东省", "北京市", "内蒙古自治区", "广西壮族自治区", "新疆维吾尔自治区",
                                        "宁夏回族自治区", "西藏自治区", "香港特别行政区", "广东", "", " 台湾省 ")] == [
        "广东", "北京", "内蒙古", "广西", "新疆", "宁夏", "西藏", "香港", "广东", "", "台湾"]


async def test_per_day_city_and_province_counts(start_app, make_settings):
    admin = await signed_in(start_app, make_settings)
    assert await AccountSignIn.filter(province="广东").count() == 5  # kept in the short name
    chart = await admin.get(CHART, params=RANGE)
    assert chart["code"] == 200, chart
    assert chart["data"] == {
        "begin": "2026-03-01", "end": "2026-03-03", "loginTimes": 5, "loginUsers": 3,
        "days": [{"day": "2026-03-01", "loginTimes": 3, "loginUsers": 2, "newUsers": 0},
                 {"day": "2026-03-02", "loginTimes": 1, "loginUsers": 1, "newUsers": 1},
                 {"day": "2026-03-03", "loginTimes": 1, "loginUsers": 1, "newUsers": 0}]}
    city = await admin.get(CITY, params=RANGE)
    assert city["data"] == {"begin": "2026-03-01", "end": "2026-03-03", "total": 5, "cities": [
        {"province": "广东", "city": "广州", "count": 3}, {"province": "北京", "city": "北京", "count": 2}]}
    province = await admin.get(PROVINCE, params=RANGE)
    assert province["data"] == {"begin": "2026-03-01", "end": "2026-03-03", "total": 5, "provinces": [
        {"province": "广东", "count": 3, "cities": [{"city": "广州", "count": 3}]},
        {"province": "北京", "count": 2, "cities": [{"city": "北京", "count": 2}]}]}
    # One day; the day after the range holds the late sign-in; an empty range answers zeros for each day.
    one = await admin.get(CHART, params={"beginTime": "2026-03-04", "endTime": "2026-03-04"})
    assert one["data"]["days"] == [{"day": "2026-03-04", "loginTimes": 1, "loginUsers": 1, "newUsers": 0}]
    empty = await admin.get(CHART, params={"beginTime": "2025-03-01", "endTime": "2025-03-02"})
    assert [d["loginTimes"] for d in empty["data"]["days"]] == [0, 0] and empty["data"]["loginUsers"] == 0
    assert (await admin.get(PROVINCE, params={"beginTime": "2025-03-01", "endTime": "2025-03-02"}))["data"][
        "provinces"] == []
    # Without a range: the last 30 days up to today.
    default = await admin.get(CHART)
    assert default["code"] == 200 and len(default["data"]["days"]) == 30
    # A sign-in without a province or city is counted under 未知.
    body, _ = await partner_post(admin.client, "/api/partner/v1/consumers/sign_in",
                                 {"uid": 1003, "time": ts(2026, 3, 3, 6)})
    assert body["code"] == 200
    unknown = await admin.get(PROVINCE, params=RANGE)
    assert unknown["data"]["provinces"][-1] == {"province": "未知", "count": 1,
                                                "cities": [{"city": "未知", "count": 1}]}


async def test_bad_ranges_are_refused(start_app, make_settings):
    admin = await signed_in(start_app, make_settings)
    bad = [
        ({"beginTime": "2026-03-05", "endTime": "2026-03-01"}, "开始日期不能晚于结束日期"),
        ({"beginTime": "2025-01-01", "endTime": "2026-03-01"}, "日期范围不能超过366天"),
        ({"beginTime": "2026-13-01"}, "开始日期格式不正确，应为 yyyy-MM-dd"),
        ({"endTime": "yesterday"}, "结束日期格式不正确，应为 yyyy-MM-dd"),
        ({"beginTime": "9999-12-31"}, "开始日期须在1970-01-01至2099-12-31之间"),
        ({"endTime": "0001-01-01"}, "结束日期须在1970-01-01至2099-12-31之间"),
    ]
    for path in (CHART, CITY, PROVINCE):
        for params, msg in bad:
            assert await admin.get(path, params=params) == {"code": 500, "msg": msg}, (path, params)
    # A year of 366 days is allowed.
    assert (await admin.get(CHART, params={"beginTime": "2025-03-03", "endTime": "2026-03-03"}))["code"] == 200


async def test_permission_is_checked(start_app, make_settings):
    admin = await signed_in(start_app, make_settings)
    ry = Caller(admin.client, await token_for(admin.client, "ry"))
    for path in (CHART, CITY, PROVINCE):
        assert await ry.get(path, params=RANGE) == FORBIDDEN, path
    role = await make_role(admin, "chart_reader", ("account:chartLogin:list",))
    await make_user(admin, "charter", None, [role.role_id])
    reader = await sign_in(admin, "charter")
    for path in (CHART, CITY, PROVINCE):
        assert (await reader.get(path, params=RANGE))["code"] == 200, path


async def test_range_aggregate_uses_the_index_on_postgres(start_app, make_settings):
    if BACKEND != "postgres":
        return
    await signed_in(start_app, make_settings)
    conn = connections.get("default")
    await conn.execute_script(
        "INSERT INTO account_sign_in (uid, ip, province, city, device, sign_in_time) "
        "SELECT 1000 + i % 500, '', CASE WHEN i % 3 = 0 THEN '广东' ELSE '北京' END, '', '', "
        "timestamptz '2024-01-01' + (i || ' minutes')::interval FROM generate_series(1, 200000) AS i")
    await conn.execute_script("VACUUM ANALYZE account_sign_in")
    from core_api.platform import paging

    for statement in ("SELECT to_char(sign_in_time AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, COUNT(*), "
                      "COUNT(DISTINCT uid) FROM account_sign_in WHERE sign_in_time >= $1 AND sign_in_time < $2 "
                      "GROUP BY 1",
                      "SELECT province, city, COUNT(*) AS n FROM account_sign_in "
                      "WHERE sign_in_time >= $1 AND sign_in_time < $2 GROUP BY province, city"):
        _, rows = await conn.execute_query(
            "EXPLAIN " + statement, [datetime(2024, 2, 1, tzinfo=UTC), datetime(2024, 2, 8, tzinfo=UTC)])
        plan = "\n".join(str(r["QUERY PLAN"]) for r in rows)
        # A week of 200,000 sign-ins over five months: a range scan of the covering index (its copy in the one
        # month partition the week falls in), never the table.
        covering = re.search(r"Index Only Scan using \S*sign_in\S* on account_sign_in", plan)
        assert covering and "Seq Scan" not in plan, plan
    assert paging.MAX_DAYS == 366  # the kit's day range (core_api/platform/paging.py)


async def test_demo_fills_sign_ins_across_provinces(admin):
    from core_api import demo

    await demo.generate(60, seed=7)
    provinces = set(await AccountSignIn.all().values_list("province", flat=True))
    assert {"广东", "北京"} <= provinces and "" not in provinces
