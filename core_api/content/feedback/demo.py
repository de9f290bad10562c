"""Demo feedback (ideas, problems, reported websites), some answered, and the sites banned through them."""

from __future__ import annotations

from core_api.content.feedback.models import BannedSite, CommonFeedback

IDEAS = ["希望增加夜间模式", "聊天记录能不能支持搜索", "建议群聊可以设置多个管理员", "希望能导出聊天记录"]
PROBLEMS = ["消息发送后一直转圈", "登录时收不到验证码", "图片上传失败", "更新后闪退"]
SITES = ["http://cheap-loan.example.net/apply", "https://win-big.example.org/", "http://free-vip.example.com/get",
         "https://fake-shop.example.cn/sale"]


async def demo(ctx) -> None:
    rng = ctx.rng
    rows = []
    for n in range(ctx.size("feedback", min(len(ctx.uids) // 4 + 5, 1000))):
        kind = "2" if n == 0 else rng.choices("012", (4, 4, 1))[0]  # at least one site reported and banned
        handled = n == 0 or rng.random() < 0.5
        at = ctx.moment()
        rows.append({"uid": rng.choice(ctx.uids), "type": kind,
                     "content": {"0": rng.choice(IDEAS), "1": rng.choice(PROBLEMS),
                                 "2": "有人在群里发这个网站骗钱"}[kind],
                     "website": rng.choice(SITES) if kind == "2" else "",
                     "contact": f"1{rng.choice('3578')}{rng.randint(0, 999999999):09d}" if rng.random() < 0.5 else "",
                     "status": "1" if handled else "0", "reply": "感谢反馈，已记录" if handled else "",
                     "handled_by": "admin" if handled else "", "handled_time": ctx.moment(at) if handled else None,
                     "create_by": "app", "create_time": at})
    await ctx.insert(CommonFeedback, rows)
    banned = []
    hosts = set()
    for row in rows:
        host = row["website"].split("/")[2] if row["website"] and row["status"] == "1" else ""
        if host and host not in hosts and not await BannedSite.filter(host=host).exists():
            hosts.add(host)
            banned.append({"host": host, "feedback_id": row["id"], "create_by": "admin",
                           "create_time": row["handled_time"]})
    await ctx.insert(BannedSite, banned)
