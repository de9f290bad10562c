"""Demo IM groups and their members (the owner first, a few admins, some members blocked)."""

from __future__ import annotations

from core_api.demo import images
from core_api.demo.words import GROUP_NAMES
from core_api.im.group.models import ImGroup, ImGroupMember


async def demo(ctx) -> None:
    rng, uids = ctx.rng, ctx.uids
    nicks = dict(zip(uids, ctx.shared.get("nicks") or [str(u) for u in uids], strict=True))
    groups, members, rosters = [], [], {}
    for n in range(ctx.size("im_groups", min(len(uids) // 10 + 2, 200))):
        group_id = f"g{100001 + n}"
        people = rng.sample(uids, min(len(uids), rng.randint(3, 60)))
        created = ctx.moment()
        name = GROUP_NAMES[n % len(GROUP_NAMES)] + ("" if n < len(GROUP_NAMES) else str(n // len(GROUP_NAMES) + 1))
        groups.append({"group_id": group_id, "name": name,
                       "avatar": images.address("group", n), "owner_uid": people[0],
                       "member_count": len(people), "max_members": rng.choice((200, 500, 500, 1000)),
                       "notice": rng.choice(("", "欢迎新朋友，请先看群公告", "禁止发广告，违者移出",
                                             "每周六活动，自愿参加")),
                       "mute_all": "1" if rng.random() < 0.05 else "0", "create_by": "app", "create_time": created})
        rosters[group_id] = (people, created)
        for k, uid in enumerate(people):
            blocked = k > 0 and rng.random() < 0.04
            members.append({"group_id": group_id, "uid": uid, "nick": nicks[uid],
                            "role": "owner" if k == 0 else ("admin" if k < 3 and rng.random() < 0.5 else "member"),
                            "blocked": "1" if blocked else "0", "joined_time": ctx.moment(created),
                            "block_by": "admin" if blocked else "",
                            "block_time": ctx.moment(created) if blocked else None})
    await ctx.insert(ImGroup, groups)
    await ctx.insert(ImGroupMember, members)
    ctx.shared["rosters"] = rosters
