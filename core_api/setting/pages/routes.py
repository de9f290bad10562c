"""The ten configuration pages of spec 001 §7 "Configuration", each one declaration at the spec's paths.

The main product's paths carry the product's short name: the setting ``CONSOLE_PRODUCT_CODE`` (default
``mixun``), read when the routes are declared.
"""

from __future__ import annotations

import os
import re

from core_api.platform.api import Api
from core_api.platform.config_page import ConfigPage, Scope
from core_api.platform.settings import Settings
from core_api.setting.pages import objects as m

api = Api("setting-pages")


def product_code() -> str:
    default = str(Settings.model_fields["product_code"].default)
    code = os.environ.get("CONSOLE_PRODUCT_CODE", "") or default
    if not re.fullmatch(r"[a-z][a-z0-9]{1,19}", code):
        raise ValueError("CONSOLE_PRODUCT_CODE: 2-20 lower-case letters or digits, starting with a letter")
    return code


PRODUCT = product_code()
CC, CC2 = "/admin/CommonConfig", "/admin/common_config"
PLATFORMS = Scope("platform", "平台", "Platform", (("android", "安卓", "Android"), ("ios", "iOS", "iOS"),
                                                     ("h5", "H5", "H5")))

PAGES = [
    ConfigPage(key="product", model=m.ProductConfig, perm="setting:product:edit", view="setting/product/index",
               title="产品配置", title_en="Product", api=api,
               get=("GET", f"{CC}/get_{PRODUCT}_config"), save=("POST", f"{CC}/save_{PRODUCT}_config")),
    ConfigPage(key="cdkey", model=m.CdkeyConfig, perm="setting:cdkey:edit", view="setting/cdkey/index",
               title="兑换码配置", title_en="Redeem codes", api=api,
               get=("GET", f"{CC}/get_cdkey_config"), save=("POST", f"{CC}/save_cdkey_config")),
    ConfigPage(key="group", model=m.GroupConfig, perm="setting:group:edit", view="setting/group/index",
               title="群组配置", title_en="Groups", api=api,
               get=("GET", f"{CC}/get_group_config"), save=("POST", f"{CC}/save_group_config")),
    ConfigPage(key="alarm_message", model=m.AlarmMessageConfig, perm="setting:alarm:edit", view="setting/alarm/index",
               title="告警消息配置", title_en="Alarm messages", api=api, secrets=("webhook_token",),
               get=("GET", f"{CC}/get_alarm_message_config"), save=("POST", f"{CC}/save_alarm_message_config")),
    ConfigPage(key="pay_way", model=m.PayWayConfig, perm="setting:payWay:edit", view="setting/payWay/index",
               title="支付方式配置", title_en="Pay ways", api=api, secrets=("wechat_api_key", "alipay_private_key"),
               get=("GET", f"{CC}/get_pay_way_config"), save=("POST", f"{CC}/save_pay_way_config")),
    ConfigPage(key="core_v2", model=m.CoreV2Config, perm="setting:core:edit", view="setting/core/index",
               title="核心配置", title_en="Core", api=api, scope=PLATFORMS,
               get=("GET", f"{CC2}/get_config_v2_core"), save=("POST", f"{CC2}/edit_config_v2_core")),
    ConfigPage(key="common_v2", model=m.CommonV2Config, perm="setting:common:edit", view="setting/common/index",
               title="通用配置", title_en="Common", api=api,
               get=("GET", f"{CC2}/get_config_v2_common"), save=("POST", f"{CC2}/edit_config_v2_common")),
    ConfigPage(key="meili", model=m.MeiliConfig, perm="setting:meili:edit", view="setting/meili/index",
               title="美颜配置", title_en="Beauty filter", api=api, secrets=("license_key",),
               get=("GET", f"{CC}/meili_config_page"), save=("POST", f"{CC}/edit_meili_config")),
    ConfigPage(key="integral", model=m.IntegralConfig, perm="setting:integral:edit", view="setting/integral/index",
               title="积分配置", title_en="Points", api=api,
               get=("GET", f"{CC2}/integral_config_page"), save=("POST", f"{CC2}/edit_integral_config")),
    ConfigPage(key="game", model=m.GameConfig, perm="setting:game:edit", view="setting/game/index",
               title="游戏配置", title_en="Games", api=api,
               get=("GET", f"{CC2}/game_config_page"), save=("POST", f"{CC2}/edit_game_config")),
]
