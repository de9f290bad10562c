"""Demo content pages: about us and the user agreement (under their reserved codes, each with earlier
versions), the privacy policy, the push notes and an event's rules."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.content.rich_text.models import CommonRichText, CommonRichTextVersion

PAGES = [
    ("about_us", "关于我们", "<h2>关于我们</h2><p>我们是一款注重隐私与安全的即时通讯应用，"
                            "成立于2016年，总部位于杭州。</p>"
                            "<p>客服电话：400-800-1234（工作日 9:00-18:00）</p>"),
    ("agreement", "用户协议", "<h2>用户服务协议</h2><p>欢迎使用本应用。请您在注册前仔细阅读本协议的全部内容。</p>"
                             "<ol><li>账号注册与使用</li><li>用户行为规范</li>"
                             "<li>隐私保护</li><li>免责声明</li></ol>"),
    ("privacy_policy", "隐私政策", "<h2>隐私政策</h2><p>我们仅在提供服务所必需的范围内收集您的手机号、"
                                  "设备信息和位置信息。</p>"),
    ("info_push", "推送说明", "<p>开启通知后，您将及时收到好友消息、活动优惠和系统公告。</p>"),
    ("spring_festival", "春节活动规则", "<h3>活动时间</h3><p>除夕至正月十五。</p>"
                                      "<h3>活动规则</h3><p>每日签到可领取红包，"
                                      "连续签到7天额外奖励。</p>"),
]
VERSIONED = ("about_us", "agreement")  # the fixed pages keep their earlier versions


async def demo(ctx: Any) -> None:
    if await CommonRichText.exists():
        return  # content pages are few and named: the ones an operator wrote stay
    versions = ctx.size("rich_text_versions", 3)
    await ctx.insert(CommonRichText, [
        {"code": code, "title": title, "content": html, "sort": n, "shelf": "0" if code == "spring_festival" else "1",
         "version": versions + 1 if code in VERSIONED else 1, "create_by": "admin",
         "create_time": ctx.now - dt.timedelta(days=90), "update_by": "admin",
         "update_time": ctx.now - dt.timedelta(days=ctx.rng.randint(1, 10))}
        for n, (code, title, html) in enumerate(PAGES)])
    saved = await CommonRichText.filter(code__in=VERSIONED).values("id", "title", "content")
    await ctx.insert(CommonRichTextVersion, [
        {"rich_text_id": page["id"], "version": n, "title": page["title"],
         "content": page["content"].replace("</p>", f"（第{n}版）</p>", 1), "saved_by": "admin",
         "saved_time": ctx.now - dt.timedelta(days=90 - n * 10),
         "create_time": ctx.now - dt.timedelta(days=80 - n * 10)}
        for page in saved for n in range(1, versions + 1)])
