"""Demo sign-ins for the charts: the last 60 days, spread over provinces and their main cities."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core_api.account.consumer.models import AccountSignIn

# (province as the map names it, cities, weight): larger provinces sign in more often.
PLACES = [
    ("广东", ("广州", "深圳", "东莞", "佛山"), 12), ("北京", ("北京",), 8), ("上海", ("上海",), 8),
    ("浙江", ("杭州", "宁波", "温州"), 7), ("江苏", ("南京", "苏州", "无锡"), 7), ("四川", ("成都", "绵阳"), 6),
    ("山东", ("济南", "青岛", "烟台"), 5), ("湖北", ("武汉", "宜昌"), 5), ("河南", ("郑州", "洛阳"), 4),
    ("福建", ("福州", "厦门"), 4), ("湖南", ("长沙",), 3), ("陕西", ("西安",), 3), ("重庆", ("重庆",), 3),
    ("辽宁", ("沈阳", "大连"), 2), ("云南", ("昆明",), 2), ("新疆", ("乌鲁木齐",), 1), ("黑龙江", ("哈尔滨",), 1),
    ("内蒙古", ("呼和浩特",), 1), ("西藏", ("拉萨",), 1), ("海南", ("海口", "三亚"), 1),
]


async def demo(ctx: Any) -> None:
    if not ctx.uids:
        return
    rng = ctx.rng
    weights = [w for *_, w in PLACES]
    rows = []
    for _ in range(ctx.size("sign_ins", 3000)):
        province, cities, _w = rng.choices(PLACES, weights=weights)[0]
        ip = f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
        rows.append({"uid": rng.choice(ctx.uids), "ip": ip, "province": province, "city": rng.choice(cities),
                     "device": rng.choice(("iPhone", "Android", "iPad")),
                     "sign_in_time": ctx.now - timedelta(days=rng.random() * 60)})
    await ctx.insert(AccountSignIn, rows)
