"""The business areas of spec 001: one line per feature module. A module declares its resources
(``core_api.platform.resource.Resource``) and holds its hand-written routes in ``api``."""

from __future__ import annotations

import importlib
import importlib.util

from core_api.platform.api import Api

# The business feature packages. Each may hold a ``demo`` module (``async def demo(ctx)``, see
# core_api/demo) filling its tables with demo data, run in this order: consumers first (the rest refer to
# their uids). The consumers' routes are mounted by core_api.app; every other package's by business_apis.
FEATURES = (
    "core_api.account.consumer",
    "core_api.account.auth",
    "core_api.account.charts",
    "core_api.account.records",
    "core_api.account.referral",
    "core_api.im.group",
    "core_api.im.record",
    "core_api.moderation.intercept",
    "core_api.content.rich_text",
    "core_api.content.app_version",
    "core_api.content.cdkey",
    "core_api.content.category",
    "core_api.content.feedback",
    "core_api.content.message",
    "core_api.setting.pages",
    "core_api.setting.common_config",
    "core_api.consult.independence",
    "core_api.region.division",
    "core_api.region.place",
    "core_api.consult.hospital",
    "core_api.consult.doctor",
    "core_api.consult.service",
    "core_api.finance.pay_code",
    "core_api.finance.withdrawal",
    "core_api.points.ledger",
    "core_api.mall.shop",
    "core_api.mall.goods",  # after core_api.mall.shop: its demo goods belong to the demo shops
    "core_api.mall.supply",
    "core_api.mall.keyword",
    "core_api.mall.picture",
    "core_api.mall.carousel",
    "core_api.mall.ad",
    "core_api.mall.integral_goods",
    "core_api.mall.coupon",
    "core_api.mall.market",
    "core_api.mall.turntable",
    "core_api.order.core",  # after the goods: the demo orders buy them
    "core_api.order.place",
    "core_api.order.manage",
    "core_api.order.aftersale",
    "core_api.points.order",
    "core_api.order.group",  # after the market: its demo teams get their orders
    "core_api.dashboard",  # last: its demo counts the report's daily figures from every other demo table
)


# Packages whose ``job`` module registers scheduled-job handlers (core_api.monitor.job.handlers.job_handler).
JOB_PACKAGES = FEATURES


def load_jobs() -> None:
    """Imports every feature's ``job`` module, each registering its handlers with the job runner: the API (whose
    job screen checks a job's handler) and the workers (which run the fires) call this at start; the runner
    itself imports no feature."""
    for package in JOB_PACKAGES:
        if importlib.util.find_spec(f"{package}.job") is not None:
            importlib.import_module(f"{package}.job")


def business_apis() -> list[Api]:
    from core_api.account.auth import routes as account_auth
    from core_api.account.charts import routes as account_charts
    from core_api.account.records import routes as account_records
    from core_api.account.referral import routes as account_referral
    from core_api.consult.doctor import routes as consult_doctor
    from core_api.consult.hospital import routes as consult_hospital
    from core_api.consult.independence import routes as consult_independence
    from core_api.consult.service import routes as consult_service
    from core_api.content.app_version import routes as content_app_version
    from core_api.content.category import routes as content_category
    from core_api.content.cdkey import routes as content_cdkey
    from core_api.content.feedback import routes as content_feedback
    from core_api.content.message import routes as content_message
    from core_api.content.rich_text import routes as content_rich_text
    from core_api.finance.pay_code import routes as finance_pay_code
    from core_api.finance.withdrawal import routes as finance_withdrawal
    from core_api.im.group import routes as im_group
    from core_api.im.record import routes as im_record  # noqa: F401 - declarations only: registered on import
    from core_api.mall.ad import routes as mall_ad
    from core_api.mall.carousel import routes as mall_carousel
    from core_api.mall.coupon import routes as mall_coupon
    from core_api.mall.goods import routes as mall_goods
    from core_api.mall.integral_goods import routes as mall_integral_goods
    from core_api.mall.keyword import routes as mall_keyword
    from core_api.mall.market import routes as mall_market
    from core_api.mall.picture import routes as mall_picture
    from core_api.mall.shop import routes as mall_shop
    from core_api.mall.supply import routes as mall_supply
    from core_api.mall.turntable import routes as mall_turntable
    from core_api.moderation.intercept import routes as intercept
    from core_api.order.aftersale import routes as order_aftersale
    from core_api.order.group import routes as order_group
    from core_api.order.manage import routes as order_manage
    from core_api.order.place import routes as order_place
    from core_api.platform.exports import api as exports_api
    from core_api.platform.resource import REGISTRY, meta_api
    from core_api.points.ledger import routes as points_ledger
    from core_api.points.order import routes as points_order
    from core_api.region.division import routes as region_division
    from core_api.region.place import routes as region_place
    from core_api.setting.common_config import routes as setting_common_config  # noqa: F401 - declarations only
    from core_api.setting.pages import routes as setting_pages

    modules = [account_auth, account_charts, account_records, account_referral, im_group, intercept, content_rich_text,
               content_app_version, content_cdkey, content_category, content_feedback, content_message,
               setting_pages, consult_independence, region_place, consult_service, region_division, consult_hospital,
               consult_doctor, finance_pay_code, finance_withdrawal]
    modules += [points_ledger, mall_shop, mall_keyword, mall_picture, mall_carousel, mall_ad, mall_integral_goods,
                mall_supply, mall_coupon, mall_market, mall_turntable]
    modules += [order_place, order_manage, order_aftersale, order_group, points_order]
    return [meta_api, exports_api, *(res.api for res in REGISTRY.values()), *(m.api for m in modules),
            *mall_goods.APIS]
