"""Demo referrals (the consumers' own referrers, most confirmed), replenishments and release permissions."""

from __future__ import annotations

from core_api.account.consumer.models import AccountConsumer
from core_api.account.referral.models import Referral, ReleasePermission, Replenishment
from core_api.demo import CHUNK


async def demo(ctx) -> None:
    rng = ctx.rng
    pairs = await AccountConsumer.filter(uid__in=ctx.uids[:CHUNK], referrer_uid__isnull=False) \
        .values_list("uid", "referrer_uid", "register_time")
    referrals = []
    for uid, referrer, registered in pairs[:ctx.size("referrals", 5000)]:
        confirmed = rng.random() < 0.7
        referrals.append({"uid": uid, "referrer_uid": referrer, "source": "1" if rng.random() < 0.9 else "2",
                          "status": "1" if confirmed else "0", "confirmed_by": "admin" if confirmed else "",
                          "confirmed_time": ctx.moment(registered) if confirmed else None,
                          "create_time": registered})
    await ctx.insert(Referral, referrals)
    replenishments = []
    for n, (uid, referrer, registered) in enumerate(pairs[:ctx.size("replenishments", 300)]):
        if rng.random() < 0.5:
            continue
        confirmed = rng.random() < 0.5
        replenishments.append({"uid": uid, "referrer_uid": referrer, "order_no": f"DD{ctx.now:%Y%m}{n:08d}",
                               "amount": rng.choice((500, 1000, 1500, 2000, 5000)),
                               "reason": rng.choice(("下单时未绑定推荐人", "邀请码填写错误", "系统延迟未记录")),
                               "status": "1" if confirmed else "0", "confirmed_by": "admin" if confirmed else "",
                               "confirmed_time": ctx.moment(registered) if confirmed else None,
                               "create_time": ctx.moment(registered)})
    await ctx.insert(Replenishment, replenishments)
    permissions = []
    for uid in rng.sample(ctx.uids, min(len(ctx.uids), ctx.size("release_permissions", 200))):
        allowed = rng.random() < 0.6
        at = ctx.moment()
        permissions.append({"uid": uid, "allowed": "1" if allowed else "0",
                            "reason": "" if allowed else rng.choice(("多次发布广告", "发布违规内容", "被多人举报")),
                            "update_by": "admin", "update_time": at, "create_time": at})
    await ctx.insert(ReleasePermission, permissions)
