"""Demo identity submissions: most decided (passed or rejected with a reason), the newest waiting."""

from __future__ import annotations

import datetime as dt

from core_api.account.auth.models import IdentityVerification
from core_api.demo import images
from core_api.demo.words import id_number, person_name

REJECT = ["证件照片模糊", "姓名与证件不符", "手持照片不完整", "证件已过期"]


async def demo(ctx) -> None:
    rng = ctx.rng
    count = ctx.size("identities", min(len(ctx.uids) // 4 + 1, 5000))
    rows = []
    for uid in rng.sample(ctx.uids, min(count, len(ctx.uids))):
        at = ctx.moment(ctx.now - dt.timedelta(days=120))
        status = rng.choices("012", (2, 7, 1))[0]
        decided = status != "0"
        rows.append({
            "uid": uid, "real_name": person_name(rng), "id_number": id_number(rng, rng.randint(1965, 2004)),
            "front_image": images.address("idcard", uid * 3),
            "back_image": images.address("idcard", uid * 3 + 1),
            "hand_image": images.address("idcard", uid * 3 + 2), "status": status,
            "audit_remark": rng.choice(REJECT) if status == "2" else ("资料齐全" if decided else ""),
            "audit_by": "admin" if decided else "", "audit_time": ctx.moment(at) if decided else None,
            "create_by": "app", "create_time": at,
        })
    await ctx.insert(IdentityVerification, rows)
