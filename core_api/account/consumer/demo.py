"""Demo app users (one per ``ctx.uids``) and their sign-ins: registered over the last year, most of them
signing in since, with a few friends each, some referred by an earlier user, a few frozen, muted or unusable."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.account.consumer.models import AccountConsumer, AccountSignIn, AccountUserFriend
from core_api.demo import CHUNK
from core_api.demo.words import DEVICES, PHONE_PREFIXES, city, ip_in, nick_name

REMARKS = ["", "", "老同学", "同事", "表哥", "室友", "健身搭子", "邻居"]
INVITE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def invite_code(n: int) -> str:
    x = (n * 2654435761) % (1 << 40)  # an odd multiplier: one code per n
    return "".join(INVITE_ALPHABET[(x >> (5 * i)) & 31] for i in range(8))


def phone(n: int, prefix: str) -> str:
    return f"{prefix}{(n * 7919 + 12345) % 100_000_000:08d}"  # 7919 is prime to 10^8: one number per n


async def demo(ctx) -> None:
    rng, uids = ctx.rng, ctx.uids
    year_ago = ctx.now - dt.timedelta(days=365)
    registered = sorted(ctx.moment(year_ago) for _ in uids)  # uids in order of registration
    homes = [city(rng) for _ in uids]
    nicks = [nick_name(rng) for _ in uids]
    ctx.shared.update(registered=registered, homes=homes, nicks=nicks)
    rows = []
    for i, uid in enumerate(uids):
        n = uid - uids[0] + 1
        reg = registered[i]
        last = ctx.moment(reg) if rng.random() < 0.9 else None
        home = homes[i]
        roll = rng.random()
        rows.append({
            "uid": uid, "nick_name": nicks[i], "phone": phone(n, rng.choice(PHONE_PREFIXES)),
            "sex": rng.choice("0011012"), "invite_code": invite_code(n),
            "referrer_uid": uids[rng.randrange(i)] if i and rng.random() < 0.3 else None,
            "frozen": "1" if roll < 0.02 else "0", "muted": "1" if 0.02 <= roll < 0.05 else "0",
            "usable": "0" if 0.05 <= roll < 0.06 else "1", "register_time": reg, "last_login_time": last,
            "last_login_ip": ip_in(home[2], rng) if last else "", "last_login_city": home[0] if last else "",
            "create_time": reg, "update_time": last,
        })
        if len(rows) == CHUNK:
            await ctx.insert(AccountConsumer, rows)
            rows = []
    await ctx.insert(AccountConsumer, rows)
    ctx.shared["referrers"] = None  # read back by the referral demo from the table
    total = ctx.size("sign_ins", 3 * len(uids))
    rows = []
    for _ in range(total):
        i = rng.randrange(len(uids))
        home = homes[i] if rng.random() < 0.85 else city(rng)
        rows.append({"uid": uids[i], "ip": ip_in(home[2], rng), "province": home[1], "city": home[0],
                     "device": rng.choice(DEVICES),
                     "sign_in_time": ctx.moment(registered[i])})
        if len(rows) == CHUNK:
            await ctx.insert(AccountSignIn, rows)
            rows = []
    await ctx.insert(AccountSignIn, rows)
    await friends(ctx)


async def friends(ctx: Any) -> None:
    """A few friendships per demo consumer, both directions, some remarks."""
    uids: list[int] = list(ctx.uids)
    if len(uids) < 2:
        return
    per_user = ctx.size("friends_per_consumer", 3)
    pairs: set[tuple[int, int]] = set()
    for uid in uids:
        for friend in ctx.rng.sample(uids, min(per_user, len(uids) - 1) + 1):
            if friend != uid:
                pairs.add((min(uid, friend), max(uid, friend)))
    rows: list[dict[str, Any]] = []
    for a, b in sorted(pairs):
        since = ctx.now - dt.timedelta(days=ctx.rng.randint(0, 365), minutes=ctx.rng.randint(0, 1440))
        source = str(ctx.rng.randint(0, 5))
        for uid, friend in ((a, b), (b, a)):
            rows.append({"uid": uid, "friend_uid": friend, "remark": ctx.rng.choice(REMARKS), "source": source,
                         "blocked": "1" if ctx.rng.random() < 0.03 else "0", "create_time": since})
    for i in range(0, len(rows), 10_000):
        await ctx.insert(AccountUserFriend, rows[i:i + 10_000])
