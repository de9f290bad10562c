"""Demo common config records: typed values in a few groups (V1), and per-platform values by version (V2)."""

from __future__ import annotations

import datetime as dt

from core_api.demo import images
from core_api.setting.common_config.models import CommonConfig, CommonConfigV2

V1 = [  # key, name, value, type, group
    ("chat.message.maxLength", "单条消息最大长度", "5000", "number", "chat"),
    ("chat.voice.maxSeconds", "语音消息最长秒数", "60", "number", "chat"),
    ("chat.file.enabled", "允许发送文件", "true", "bool", "chat"),
    ("mall.enabled", "商城开关", "true", "bool", "mall"),
    ("mall.hotKeywords", "热门搜索词", '["手机壳", "耳机", "零食"]', "json", "mall"),
    ("mall.freeShippingFen", "包邮门槛（分）", "9900", "number", "mall"),
    ("app.servicePhone", "客服电话", "400-800-1234", "string", "app"),
    ("app.shareText", "分享文案", "我在用密讯，快来一起聊天吧", "string", "app"),
]
V2 = [  # key, name, platform, lowest, highest, value, type
    ("home.tabs", "首页标签", "all", 0, 0, '["消息", "通讯录", "商城", "我的"]', "json"),
    ("home.tabs", "首页标签", "ios", 320, 0, '["消息", "通讯录", "发现", "商城", "我的"]', "json"),
    ("video.call.enabled", "视频通话", "android", 300, 0, "true", "bool"),
    ("video.call.enabled", "视频通话", "ios", 300, 0, "true", "bool"),
    ("upload.chunkKb", "分片上传大小（KB）", "all", 0, 0, "512", "number"),
    ("splash.image", "启动页图片", "h5", 0, 0, images.address("splash", 0), "string"),
]


async def demo(ctx) -> None:
    if await CommonConfig.exists():
        return
    at = (ctx.now - dt.timedelta(days=30)).replace(microsecond=0)
    await ctx.insert(CommonConfig, [
        {"config_key": k, "config_name": n, "config_value": v, "value_type": t, "group_name": g, "sort": i,
         "shelf": "0" if i == 5 else "1", "create_by": "admin", "create_time": at + dt.timedelta(hours=i)}
        for i, (k, n, v, t, g) in enumerate(V1)])
    await ctx.insert(CommonConfigV2, [
        {"config_key": k, "config_name": n, "platform": p, "min_version": lo, "max_version": hi, "config_value": v,
         "value_type": t, "group_name": k.split(".")[0], "sort": i, "create_by": "admin",
         "create_time": at + dt.timedelta(hours=i)}
        for i, (k, n, p, lo, hi, v, t) in enumerate(V2)])
