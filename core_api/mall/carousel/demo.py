"""Demo data: four home slides, one of them out of its window (ended) and one off shelf."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core_api.demo import images
from core_api.mall.carousel.models import MallCarousel


async def demo(ctx: Any) -> None:
    now, day = ctx.now, timedelta(days=1)
    slides = [("新人专享", "url", "https://www.example.com/newcomer", -10, 30, "1"),
              ("年货节", "none", "", -5, 60, "1"),
              ("国庆大促", "none", "", -60, -30, "1"),
              ("会员日", "url", "https://www.example.com/vip", -1, 7, "0")]
    await ctx.insert(MallCarousel, [
        {"title": t, "image": images.address("carousel", i), "link_type": kind, "link_target": target,
         "sort": i, "begin_time": now + begin * day, "end_time": now + end * day, "shelf": shelf,
         "create_by": "demo", "create_time": now} for i, (t, kind, target, begin, end, shelf) in enumerate(slides)])
