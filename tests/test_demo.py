"""Demo data (issue 11 §2): every business table filled, consistent (uids that exist, records between
group members and friends, comments of real postings), the kept row counts and id sequences right after the
bulk inserts; the command refuses a second run without --reset. And the month-partition job."""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys

from tortoise import connections
from tortoise.fields import CharField, TextField

from core_api import demo
from core_api.demo import images
from core_api.platform.counts import ROW_COUNTED, stored_row_count
from core_api.platform.settings import ROOT
from core_api.platform.timefmt import zone
from tests.conftest import BACKEND, eventually

UID_COLUMNS = {  # table -> columns holding a consumer's uid
    "account_sign_in": ["uid"], "account_user_auth": ["uid"], "account_collect": ["uid"], "account_release": ["uid"],
    "account_release_comment": ["uid", "reply_uid"], "account_login_token": ["uid"], "account_login_check": ["uid"],
    "account_referral": ["uid", "referrer_uid"], "account_replenishment": ["uid", "referrer_uid"],
    "account_release_permission": ["uid"], "account_consumer": ["referrer_uid"], "im_group": ["owner_uid"],
    "im_group_member": ["uid"], "im_record": ["from_uid"], "im_record_single": ["from_uid", "to_uid"],
    "words_intercept_record": ["uid"], "content_cdkey": ["redeemed_by"], "content_feedback": ["uid"],
    "content_message_user": ["uid"],
}


async def scalar(sql: str) -> int:
    rows = await connections.get("default").execute_query_dict(sql)
    return int(next(iter(rows[0].values())) or 0)


async def test_the_demo_fills_every_business_table_consistently(admin):
    ctx = await demo.generate(60, seed=7)
    tables = demo.demo_tables()
    assert set(ctx.inserted) == set(tables), set(tables) - set(ctx.inserted)
    for table in tables:
        assert await scalar(f'SELECT COUNT(*) FROM "{table}" {demo.demo_rows(table)}') == ctx.inserted[table] > 0, table
    assert await scalar("SELECT COUNT(*) FROM account_consumer") == 60
    uids = "(SELECT uid FROM account_consumer)"
    for table, columns in UID_COLUMNS.items():
        for column in columns:
            stray = await scalar(f'SELECT COUNT(*) FROM "{table}" WHERE {column} IS NOT NULL '
                                 f'AND {column} NOT IN {uids}')
            assert stray == 0, (table, column)
    orphans = {
        "comments": "SELECT COUNT(*) FROM account_release_comment "
                    "WHERE release_id NOT IN (SELECT id FROM account_release)",
        "members": "SELECT COUNT(*) FROM im_group_member WHERE group_id NOT IN (SELECT group_id FROM im_group)",
        "group records from non-members": "SELECT COUNT(*) FROM im_record r WHERE NOT EXISTS (SELECT 1 FROM "
                                          "im_group_member m WHERE m.group_id = r.group_id AND m.uid = r.from_uid)",
        "copies": "SELECT COUNT(*) FROM content_message_user "
                  "WHERE message_id NOT IN (SELECT id FROM content_message)",
        "member counts": "SELECT COUNT(*) FROM im_group g WHERE member_count <> "
                         "(SELECT COUNT(*) FROM im_group_member m WHERE m.group_id = g.group_id)",
        "comment counts": "SELECT COUNT(*) FROM account_release r WHERE comment_count <> "
                          "(SELECT COUNT(*) FROM account_release_comment c WHERE c.release_id = r.id)",
        "referrals": "SELECT COUNT(*) FROM account_referral r JOIN account_consumer c ON c.uid = r.uid "
                     "WHERE c.referrer_uid IS NULL OR c.referrer_uid <> r.referrer_uid",
        "self chats": "SELECT COUNT(*) FROM im_record_single WHERE from_uid = to_uid",
        "future": "SELECT COUNT(*) FROM im_record_single WHERE sent_time > CURRENT_TIMESTAMP",
    }
    for name, sql in orphans.items():
        assert await scalar(sql) == 0, name
    conversations = await connections.get("default").execute_query_dict(
        "SELECT from_uid, to_uid, conversation FROM im_record_single")
    assert all(r["conversation"] == f"{min(r['from_uid'], r['to_uid'])}_{max(r['from_uid'], r['to_uid'])}"
               for r in conversations)
    # the kept row counts equal COUNT(*) for every counted table
    for table, live in ROW_COUNTED.items():
        where = " AND ".join(f"\"{c}\" = '{v}'" for c, v in live.items()) or "1 = 1"
        assert await stored_row_count(connections.get("default"), table) == \
            await scalar(f'SELECT COUNT(*) FROM "{table}" WHERE {where}'), table
    # the id sequences moved past the inserted ids: the console and the partner API can add rows
    top = await scalar("SELECT MAX(id) FROM im_group")
    created = await admin.post("/admin/NoticeImGroup",
                               json={"groupId": "g-new", "name": "新群", "ownerUid": ctx.uids[0]})
    assert created["code"] == 200 and created["data"]["id"] > top
    # the screens list the demo rows
    listed = await admin.get("/admin/NoticeImGroupUser/list", params={"groupId": "g100001"})
    assert listed["total"] == await scalar("SELECT COUNT(*) FROM im_group_member WHERE group_id = 'g100001'") > 0
    consumers = await admin.get("/admin/AccountUserConsumer/list_data")
    assert consumers["code"] == 200


async def test_the_report_rows_a_running_job_wrote_first_take_the_demos_figures(admin):
    """The people job (every ten minutes) writes today's and yesterday's total rows; a demo loaded while it runs
    writes its figures over them instead of failing on their key."""
    from core_api.dashboard.models import StatDaily
    from core_api.dashboard.stats import TOTAL, local_day, recount_people

    today = local_day(dt.datetime.now(dt.UTC))
    await recount_people([today - dt.timedelta(days=1), today], dt.datetime.now(dt.UTC))
    assert await StatDaily.filter(shop_id=TOTAL, day=today).count() == 1
    ctx = await demo.generate(40, seed=3, sizes={"stat_days": 5})
    rows = await StatDaily.filter(shop_id=TOTAL).order_by("day").values("day", "orders", "new_users")
    assert [r["day"] for r in rows] == [today - dt.timedelta(days=back) for back in range(4, -1, -1)]
    assert ctx.inserted["stat_daily"] == await StatDaily.all().count()
    assert sum(r["orders"] for r in rows) == await scalar(
        "SELECT SUM(orders) FROM stat_daily WHERE shop_id <> 0") > 0


async def test_the_same_seed_gives_the_same_data_and_a_second_run_needs_reset(database_url, admin, tmp_path):
    env = {**os.environ, "CONSOLE_DATABASE_URL": database_url, "CONSOLE_VAR_DIR": str(tmp_path / "cli")}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "core_api", "demo", "--consumers", "30", *args], env=env,
                              cwd=ROOT, capture_output=True, text=True, check=False)

    first = run("--seed", "3")
    assert first.returncode == 0, first.stderr
    # the command drew the demo's pictures below the local storage's root (issue 28 §1)
    assert (tmp_path / "cli" / "uploads" / "demo" / "carousel" / "1.jpg").is_file()
    nicks = await connections.get("default").execute_query_dict(
        "SELECT uid, nick_name FROM account_consumer ORDER BY uid")
    again = run("--seed", "3")
    assert again.returncode == 1 and "--reset" in again.stderr
    assert run("--if-empty").returncode == 0
    assert await scalar("SELECT COUNT(*) FROM account_consumer") == 30
    reset = run("--seed", "3", "--reset", "--size", "im_groups=2")
    assert reset.returncode == 0, reset.stderr
    assert await connections.get("default").execute_query_dict(
        "SELECT uid, nick_name FROM account_consumer ORDER BY uid") == nicks
    assert await scalar("SELECT COUNT(*) FROM im_group") == 2
    bad = run("--size", "x")
    assert bad.returncode == 2 and "name=count" in bad.stderr


async def test_every_picture_the_demo_stores_answers_as_an_image(client, admin):
    """Issue 28 §1: the demo's pictures (home slides, picture library, points goods, chat images, identity
    photos...) answer 200 with an image type through the console's file route, not 404."""
    from core_api.platform.state import STORAGE
    from core_api.platform.storage import LocalStorage

    await demo.generate(40, seed=5)
    storage = client.app[STORAGE]
    assert isinstance(storage, LocalStorage)
    images.write(storage.root)
    found: set[str] = set()
    db = connections.get("default")
    for table, model in demo._feature_models().items():
        for name, column in model._meta.fields_db_projection.items():
            if not isinstance(model._meta.fields_map[name], CharField | TextField):
                continue
            rows = await db.execute_query_dict(f'SELECT DISTINCT "{column}" AS v FROM "{table}" '
                                               f"WHERE \"{column}\" LIKE '%/profile/%'")
            found |= {m for r in rows for m in re.findall(r"/profile/[^\s,\"'<>]+", r["v"])}
    for kind in ("carousel", "picture", "integral", "chat", "idcard", "group", "release", "splash"):
        assert any(f"/profile/demo/{kind}/" in f for f in found), kind
    assert found <= set(images.addresses())
    for path in sorted(found):
        answer = await client.get(path)
        assert answer.status == 200, path
        assert answer.headers["Content-Type"].startswith("image/"), path
        assert len(await answer.read()) > 100, path
    assert images.write(storage.root) == 0  # already there: nothing drawn twice


async def test_the_partition_job_keeps_months_ahead(admin):
    from core_api.monitor.job.models import SysJob, SysJobLog

    job = await SysJob.get(invoke_target="ensurePartitions")
    assert job.status == "0" and job.job_group == "SYSTEM"
    conn = connections.get("default")
    future = None
    if BACKEND == "postgres":
        today = dt.datetime.now(zone()).date()  # the job's months are the console's zone's
        index = today.year * 12 + today.month - 1 + 2
        future = dt.date(index // 12, index % 12 + 1, 1)
        for table in ("im_record", "im_record_single"):
            await conn.execute_script(f"DROP TABLE {table}_p{future:%Y%m}")
    assert (await admin.put("/monitor/job/run", json={"jobId": job.job_id}))["code"] == 200
    await eventually(lambda: SysJobLog.filter(job_id=job.job_id).exists())
    log = await SysJobLog.get(job_id=job.job_id)
    assert log.status == "0", log.exception_info
    if BACKEND != "postgres":
        assert "SQLite" in log.job_message
        return
    assert "本次新建 2 个" in log.job_message, log.job_message
    # a message of that month lands in its own partition, not the default one
    sent = dt.datetime(future.year, future.month, 2, 12, tzinfo=dt.UTC)
    await conn.execute_query("INSERT INTO im_record_single (from_uid, to_uid, conversation, msg_type, content, "
                             "sent_time, read, withdrawn, shelf) VALUES (1, 2, '1_2', 'text', 'hi', $1, '0', '0', '1')",
                             [sent])
    where = await conn.execute_query_dict("SELECT tableoid::regclass::text AS part FROM im_record_single")
    assert where == [{"part": f"im_record_single_p{future:%Y%m}"}]
    plan = await conn.execute_query_dict(
        "EXPLAIN (FORMAT JSON) SELECT * FROM im_record_single WHERE conversation = '1_2' AND sent_time >= $1 "
        "AND sent_time < $2", [sent - dt.timedelta(hours=1), sent + dt.timedelta(hours=1)])
    text = str(plan)
    assert f"im_record_single_p{future:%Y%m}" in text and "im_record_single_default" not in text


def test_every_business_module_is_a_feature_with_its_demo():
    """business_apis' modules are all in FEATURES (whose order the demo follows); each that owns tables has a
    demo module (the charts only read the sign-ins)."""
    import importlib.util
    import re

    from core_api.business import FEATURES

    source = (ROOT / "core_api" / "business.py").read_text()
    imported = set(re.findall(r"from (core_api\.[\w.]+) import routes", source))
    assert imported <= set(FEATURES), imported - set(FEATURES)
    assert FEATURES[0] == "core_api.account.consumer"
    owners = [p for p in FEATURES if importlib.util.find_spec(f"{p}.models")]
    assert [m.__name__ for m in demo.demo_modules()] == [f"{p}.demo" for p in owners]
