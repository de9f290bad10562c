"""Demo intercepted messages: a sensitive word caught in a single chat, a group chat or customer service."""

from __future__ import annotations

from core_api.demo.words import WORDS
from core_api.moderation.intercept.models import WordsIntercept

AROUND = ["有需要{}的私聊我", "{}了解一下，稳赚不赔", "专业{}，价格优惠", "谁有{}的渠道", "{}联系我，秒回"]


async def demo(ctx) -> None:
    rng, uids = ctx.rng, ctx.uids
    rosters = list((ctx.shared.get("rosters") or {}).keys())
    rows = []
    for _ in range(ctx.size("intercepts", min(len(uids) // 2 + 5, 3000))):
        word, category = rng.choice(WORDS)
        scene = rng.choices(("single", "group", "service"), (6, 3, 1))[0]
        uid = rng.choice(uids)
        if scene == "single":
            target = str(rng.choice(uids))
        elif scene == "group":
            target = rng.choice(rosters) if rosters else "g100001"
        else:
            target = f"cs-{rng.randint(1000, 9999)}"
        at = ctx.moment()
        handled = rng.random() < 0.4
        alarms = rng.choice((0, 0, 0, 1, 2)) if handled else 0
        rows.append({"uid": uid, "word": word, "category": category, "content": rng.choice(AROUND).format(word),
                     "scene": scene, "target": target, "handled": "1" if handled else "0", "alarm_count": alarms,
                     "last_alarm_time": ctx.moment(at) if alarms else None, "create_by": "system",
                     "create_time": at})
    await ctx.insert(WordsIntercept, rows)
