"""Demo app versions: a release history per platform whose version code only grows."""

from __future__ import annotations

import datetime as dt

from core_api.content.app_version.models import CommonAppVersion

NOTES = ["修复已知问题，提升稳定性", "新增群聊公告和消息撤回", "优化启动速度", "新增深色模式", "聊天支持发送文件",
         "优化推送到达率", "新增实名认证入口"]


async def demo(ctx) -> None:
    rng = ctx.rng
    if await CommonAppVersion.exists():
        return
    rows = []
    for platform in ("android", "ios"):
        count = ctx.size("app_versions", 8)
        for n in range(count):
            minor, patch = divmod(n, 3)
            at = ctx.now - dt.timedelta(days=(count - n) * 21 + rng.randint(0, 5))
            rows.append({"platform": platform, "version_name": f"3.{minor}.{patch}", "version_code": 300 + n,
                         "download_url": (f"https://download.example.cn/app/demo-3.{minor}.{patch}.apk"
                                          if platform == "android" else "https://apps.apple.com/cn/app/id1234567890"),
                         "release_notes": rng.choice(NOTES), "force_update": "1" if n % 5 == 4 else "0",
                         "create_by": "admin", "create_time": at.replace(microsecond=0)})
    await ctx.insert(CommonAppVersion, rows)
