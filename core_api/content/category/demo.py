"""Demo data: a frame with organisations, a few plain categories, two sensitive-word groups with words,
registrations (pending, approved, rejected) and the personnel the approved ones became."""

from __future__ import annotations

from typing import Any

from core_api.content.category.models import CommonCategory, Personnel, Registration, SensitiveWord

WORDS = {"广告": ["代开发票", "加微信", "刷单返利", "兼职日结"], "违法": ["赌博网站", "办证", "枪支"]}
SURNAMES = "王李张刘陈杨赵黄周吴"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰涛明超"


async def demo(ctx: Any) -> None:
    rng, now = ctx.rng, ctx.now
    stamp = {"create_by": "demo", "create_time": now}
    rows: list[dict[str, Any]] = [
        {"id": 1, "parent_id": 0, "level": 1, "kind": "frame", "name": "总部", "sort": 1, **stamp},
        {"id": 2, "parent_id": 1, "level": 2, "kind": "organisation", "name": "华东分部", "sort": 1, **stamp},
        {"id": 3, "parent_id": 1, "level": 2, "kind": "organisation", "name": "华南分部", "sort": 2, **stamp},
        {"id": 4, "parent_id": 0, "level": 1, "kind": "plain", "name": "新闻资讯", "sort": 2, **stamp},
        {"id": 5, "parent_id": 4, "level": 2, "kind": "plain", "name": "平台公告", "sort": 1, **stamp},
    ]
    words: list[dict[str, Any]] = []
    for offset, (group, listed) in enumerate(WORDS.items()):
        gid = 6 + offset
        rows.append({"id": gid, "parent_id": 0, "level": 1, "kind": "sensitive", "name": group, "sort": 9,
                     "word_count": len(listed), **stamp})
        words += [{"category_id": gid, "word": w, **stamp} for w in listed]
    await ctx.insert(CommonCategory, rows)
    await ctx.insert(SensitiveWord, words)
    registrations: list[dict[str, Any]] = []
    people: list[dict[str, Any]] = []
    for uid in ctx.uids[: ctx.size("registrations", 30)]:
        name = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(["", rng.choice(GIVEN)])
        phone = f"1{rng.choice('3589')}{rng.randrange(10**9):09d}"
        org = rng.choice([2, 3])
        status = rng.choice(["0", "0", "1", "1", "2"])
        registrations.append({"uid": uid, "name": name, "phone": phone, "category_id": org, "content": "申请加入",
                              "status": status, "audit_by": "" if status == "0" else "admin",
                              "audit_time": None if status == "0" else now, **stamp})
        if status == "1":
            people.append({"uid": uid, "name": name, "phone": phone, "category_id": org,
                           "position": rng.choice(["", "专员", "组长", "经理"]), "sort": len(people),
                           "status": rng.choice(["0", "0", "0", "1"]), **stamp})
    await ctx.insert(Registration, registrations)
    await ctx.insert(Personnel, people)
