"""Independent consult (自主问诊, spec 001 §2.14): one configuration page, fetched and saved by POST."""

from __future__ import annotations

from core_api.platform.api import Api
from core_api.platform.config_page import C, ConfigModel, ConfigPage
from core_api.platform.html import RichText

api = Api("consult-independence")


class IndependenceConfig(ConfigModel):
    """Self-service consult: whether it is open, what it costs, when doctors answer."""

    enabled: bool = C(True, "开启自主问诊", "Open")
    title: str = C("自主问诊", "入口标题", "Entry title", min_length=1, max_length=32)
    intro: RichText = C("", "问诊说明", "Introduction", kind="richtext", max_length=20_000)
    fee: int = C(0, "问诊费用（分）", "Fee (fen)", kind="money", ge=0, le=10_000_000, help="0 表示免费",
                 help_en="0: free")
    free_times_per_day: int = C(1, "每日免费次数", "Free consults a day", ge=0, le=100)
    service_hours: str = C("08:00-22:00", "服务时间", "Service hours", max_length=11,
                           pattern=r"^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$", help="格式 08:00-22:00",
                           help_en="e.g. 08:00-22:00")
    reply_timeout_minutes: int = C(30, "医生回复时限（分钟）", "Doctor replies within (minutes)", ge=1, le=1440)


page = ConfigPage(key="consult_independence", model=IndependenceConfig, perm="consult:independence:edit",
                  view="consult/independence/index", title="自主问诊", title_en="Independent consult", api=api,
                  get=("POST", "/admin/consult/independence"), save=("POST", "/admin/consult/independence/edit"))
