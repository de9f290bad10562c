"""Demo data for the content pages: about us and the user agreement on the shelf, each with earlier versions."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.content.rich_text.models import CommonRichText, CommonRichTextVersion

PAGES = {"about_us": ("关于我们", "我们是一款注重隐私与安全的即时通讯应用。"),
         "agreement": ("用户协议", "使用本应用即表示您同意遵守本协议的全部条款。")}


async def demo(ctx: Any) -> None:
    versions = ctx.size("rich_text_versions", 3)
    rows = []
    for code, (title, text) in PAGES.items():
        if await CommonRichText.filter(code=code).exists():
            continue
        rows.append({"code": code, "title": title, "content": f"<h2>{title}</h2><p>{text}</p>", "shelf": "1",
                     "version": versions + 1, "create_by": "admin", "create_time": ctx.now - dt.timedelta(days=90),
                     "update_by": "admin", "update_time": ctx.now - dt.timedelta(days=ctx.rng.randint(1, 10))})
    if not rows:
        return
    await ctx.insert(CommonRichText, rows)
    saved = await CommonRichText.filter(code__in=[r["code"] for r in rows]).values("id", "title", "content")
    await ctx.insert(CommonRichTextVersion, [
        {"rich_text_id": page["id"], "version": n, "title": page["title"],
         "content": page["content"].replace("</p>", f"（第{n}版）</p>"), "saved_by": "admin",
         "saved_time": ctx.now - dt.timedelta(days=90 - n * 10),
         "create_time": ctx.now - dt.timedelta(days=80 - n * 10)}
        for page in saved for n in range(1, versions + 1)])
