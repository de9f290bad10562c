"""Every model module of the product, Tortoise's one app: the platform's, each feature's, and those of generated
code (core_api/generated). Whoever opens the database names them (the API, the workers, the commands, the tests):
the platform knows no feature."""

from __future__ import annotations

from core_api.platform.db import tortoise_config
from core_api.platform.settings import Settings

MODEL_MODULES = [
    "core_api.platform.models",
    "core_api.system.dept.models",
    "core_api.system.post.models",
    "core_api.system.menu.models",
    "core_api.system.role.models",
    "core_api.system.user.models",
    "core_api.system.dict.models",
    "core_api.system.config.models",
    "core_api.system.notice.models",
    "core_api.monitor.logininfor.models",
    "core_api.monitor.operlog.models",
    "core_api.monitor.job.models",
    "core_api.auth.models",
    "core_api.tools.gen.models",
    "core_api.messaging.models",
    "core_api.messaging.chat.models",
    "core_api.account.auth.models",
    "core_api.account.records.models",
    "core_api.account.referral.models",
    "core_api.im.group.models",
    "core_api.im.record.models",
    "core_api.moderation.intercept.models",
    "core_api.content.rich_text.models",
    "core_api.content.app_version.models",
    "core_api.content.cdkey.models",
    "core_api.content.feedback.models",
    "core_api.content.message.models",
    "core_api.setting.common_config.models",
    "core_api.content.category.models",
    "core_api.account.consumer.models",
    "core_api.region.place.models",
    "core_api.consult.service.models",
    "core_api.region.division.models",
    "core_api.consult.hospital.models",
    "core_api.consult.doctor.models",
    "core_api.finance.pay_code.models",
    "core_api.finance.withdrawal.models",
    "core_api.mall.shop.models",
    "core_api.mall.goods.models",
    "core_api.points.ledger.models",
    "core_api.mall.coupon.models",
    "core_api.mall.market.models",
    "core_api.mall.turntable.models",
    "core_api.mall.keyword.models",
    "core_api.mall.picture.models",
    "core_api.mall.carousel.models",
    "core_api.mall.ad.models",
    "core_api.mall.integral_goods.models",
    "core_api.mall.supply.models",
    "core_api.order.core.models",
    "core_api.order.manage.models",
    "core_api.order.aftersale.models",
    "core_api.points.order.models",
    "core_api.dashboard.models",
    "core_api.order.group.models",
]


def model_modules() -> list[str]:
    """The product's models and those of generated code."""
    from core_api import generated

    return MODEL_MODULES + [m.__name__ for m in generated.modules("models")]


# For the ``tortoise`` CLI (makemigrations): ``tortoise -c core_api.model_index.TORTOISE_ORM makemigrations``
TORTOISE_ORM = tortoise_config(Settings(), model_modules())
