"""A demo turntable on shelf: its odds total 10 000 with a "no prize" slot, as version 1."""

from __future__ import annotations

from core_api.mall.turntable.models import MallTurntable, MallTurntableGift, MallTurntableVersion
from core_api.mall.turntable.service import weights_of


async def demo(ctx) -> None:
    if await MallTurntable.exists():
        return
    now = ctx.moment()
    tt = await MallTurntable.create(name="每日幸运大转盘", points=20, daily_limit=3, shelf="1", version=1,
                                    create_by="admin", create_time=now)
    gifts = [("谢谢参与", "none", 0, 6000, 0, 0), ("10积分", "points", 10, 3000, 100000, 0),
             ("50积分", "points", 50, 900, 10000, 100), ("200积分", "points", 200, 100, 1000, 5)]
    for i, (name, kind, value, weight, stock, cap) in enumerate(gifts):
        await MallTurntableGift.create(turntable_id=tt.id, name=name, kind=kind, value=value, weight=weight,
                                       stock=stock, daily_cap=cap, sort=i)
    await MallTurntableVersion.create(turntable_id=tt.id, version=1, create_by="admin", create_time=now,
                                      weights=weights_of(await MallTurntableGift.filter(turntable_id=tt.id)))
