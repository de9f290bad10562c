"""Demo in-app messages: a few to everyone and to chosen users, pushed, with each user's copy read or not."""

from __future__ import annotations

from core_api.content.message.models import CommonMessage, CommonMessageUser
from core_api.demo import CHUNK

TITLES = [("系统维护通知", "本周六 02:00-04:00 系统维护，期间暂停服务。", "0"),
          ("新版本上线", "3.2 版本已上线，新增深色模式，快去更新吧。", "0"),
          ("双十一福利", "签到领红包，最高 88 元。", "1"),
          ("实名认证提醒", "为保障账号安全，请尽快完成实名认证。", "0"),
          ("周末活动", "本周末同城桌游局，名额有限。", "1")]


async def demo(ctx) -> None:
    rng, uids = ctx.rng, ctx.uids
    reach = uids[:ctx.size("message_reach", 500)]  # the copies of "everyone" messages kept small
    messages = []
    for title, content, kind in TITLES:
        chosen = rng.random() < 0.4
        targets = rng.sample(reach, min(len(reach), rng.randint(3, 20))) if chosen else reach
        messages.append({"title": title, "content": content, "type": kind, "target": "users" if chosen else "all",
                         "target_uids": targets if chosen else None, "push_status": "2", "sent": len(targets),
                         "total": len(targets), "create_by": "admin", "create_time": ctx.moment()})
    await ctx.insert(CommonMessage, messages)
    copies = []
    for message in messages:
        for uid in message["target_uids"] or reach:
            read = rng.random() < 0.6
            copies.append({"message_id": message["id"], "uid": uid, "is_read": "1" if read else "0",
                           "read_time": ctx.moment(message["create_time"]) if read else None,
                           "create_by": "admin", "create_time": message["create_time"]})
            if len(copies) >= CHUNK:
                await ctx.insert(CommonMessageUser, copies)
                copies = []
    await ctx.insert(CommonMessageUser, copies)
