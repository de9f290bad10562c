"""Demo favourites, postings with comments, sign-in tokens and checks, and the daily sign-in figures."""

from __future__ import annotations

import datetime as dt

from core_api.account.records.models import Collection, LoginChart, LoginCheck, LoginToken, Release, ReleaseComment
from core_api.demo import images
from core_api.demo.words import COMMENTS, DEVICES, RELEASES, city, ip_in


async def demo(ctx) -> None:
    rng, uids = ctx.rng, ctx.uids
    few = min(len(uids) * 2, 20000)
    releases = []
    for _ in range(ctx.size("releases", few // 4 + 1)):
        at = ctx.moment()
        releases.append({"uid": rng.choice(uids), "content": rng.choice(RELEASES),
                         "images": ",".join(images.address("release", rng.randint(1, 500))
                                            for _ in range(rng.randint(0, 3))),
                         "city": city(rng)[0], "visibility": rng.choices("012", (8, 2, 1))[0],
                         "like_count": rng.randint(0, 300), "comment_count": rng.choice((0, 1, 2, 3, 5)),
                         "create_by": "app",
                         "create_time": at, "shelf": "0" if rng.random() < 0.05 else "1"})
    await ctx.insert(Release, releases)
    comments = []
    for release in releases:
        for _ in range(release["comment_count"]):
            comments.append({"release_id": release["id"], "uid": rng.choice(uids),
                             "reply_uid": release["uid"] if rng.random() < 0.3 else None,
                             "content": rng.choice(COMMENTS), "create_by": "app",
                             "create_time": ctx.moment(release["create_time"])})
    await ctx.insert(ReleaseComment, comments)
    seen = set()
    collections = []
    for _ in range(ctx.size("collections", few // 2 + 1)):
        uid, kind = rng.choice(uids), rng.choice("1234")
        target = rng.choice(releases) if kind == "1" and releases else None
        target_id = target["id"] if target else rng.randint(1, 5000)
        if (uid, kind, target_id) in seen:
            continue
        seen.add((uid, kind, target_id))
        title = target["content"][:40] if target else {"2": "商品", "3": "店铺", "4": "文章"}[kind] + f" #{target_id}"
        collections.append({"uid": uid, "target_type": kind, "target_id": target_id, "title": title,
                            "create_by": "app", "create_time": ctx.moment()})
    await ctx.insert(Collection, collections)
    tokens, checks = [], []
    for _ in range(ctx.size("login_tokens", few // 2 + 1)):
        at = ctx.moment(ctx.now - dt.timedelta(days=60))
        expire = at + dt.timedelta(days=30)
        tokens.append({"uid": rng.choice(uids), "device": rng.choice(DEVICES),
                       "platform": rng.choice(("android", "android", "ios", "h5")), "ip": ip_in(city(rng)[2], rng),
                       "expire_time": expire, "status": "1" if expire < ctx.now or rng.random() < 0.1 else "0",
                       "create_by": "app", "create_time": at})
    await ctx.insert(LoginToken, tokens)
    for _ in range(ctx.size("login_checks", few // 2 + 1)):
        refused = rng.random() < 0.12
        checks.append({"uid": rng.choice(uids), "check_type": rng.choice("1123"), "device": rng.choice(DEVICES),
                       "ip": ip_in(city(rng)[2], rng), "result": "1" if refused else "0",
                       "reason": rng.choice(("验证码错误", "新设备未确认", "人脸比对未通过")) if refused else "",
                       "create_by": "app", "create_time": ctx.moment()})
    await ctx.insert(LoginCheck, checks)
    chart = []
    today = ctx.now.date()
    scale = max(len(uids) // 10, 5)
    for back in range(ctx.size("chart_days", 90)):
        day = today - dt.timedelta(days=back)
        parts = {"android": rng.randint(scale // 2, scale), "ios": rng.randint(scale // 3, scale // 2 + 1),
                 "h5": rng.randint(0, scale // 10 + 1)}
        parts["all"] = sum(parts.values())
        for platform, users in parts.items():
            chart.append({"stat_date": day, "platform": platform, "login_users": users,
                          "new_users": users // rng.randint(8, 20), "login_times": users * rng.randint(2, 4),
                          "create_by": "system",
                          "create_time": dt.datetime.combine(day, dt.time(1), tzinfo=dt.UTC)})
    await ctx.insert(LoginChart, chart)
