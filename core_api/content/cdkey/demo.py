"""Demo redeem codes: a few batches, some codes redeemed by demo users, some voided."""

from __future__ import annotations

import datetime as dt

from core_api.content.cdkey.models import CdkeyRecord

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"


async def demo(ctx) -> None:
    rng = ctx.rng
    rows = []
    for batch in range(ctx.size("cdkey_batches", 4)):
        created = ctx.moment()
        batch_no = f"DEMO{created:%Y%m%d}{batch:02d}"
        reward, amount = rng.choice((("balance", 1000), ("points", 500), ("vip_days", 30)))
        for _ in range(ctx.size("cdkeys_per_batch", 25)):
            status = rng.choices("012", (6, 3, 1))[0]
            rows.append({"batch_no": batch_no, "code": "".join(rng.choice(ALPHABET) for _ in range(16)),
                         "reward_type": reward, "amount": amount, "status": status,
                         "redeemed_by": rng.choice(ctx.uids) if status == "1" else None,
                         "redeemed_time": ctx.moment(created) if status == "1" else None,
                         "expire_time": created + dt.timedelta(days=90), "create_by": "admin", "create_time": created})
    await ctx.insert(CdkeyRecord, rows)
