"""Demo data: the home's search keywords, a few of them hot."""

from __future__ import annotations

from typing import Any

from core_api.mall.keyword.models import MallKeyword

WORDS = ["大米", "咖啡", "四件套", "红枣", "洗碗巾", "保温杯", "坚果礼盒", "蓝牙耳机", "儿童玩具", "运动鞋"]


async def demo(ctx: Any) -> None:
    await ctx.insert(MallKeyword, [{"keyword": w, "sort": i, "hot": "1" if i < 3 else "0", "shelf": "1",
                                    "create_by": "demo", "create_time": ctx.now} for i, w in enumerate(WORDS)])
