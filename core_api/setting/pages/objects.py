"""The objects of the configuration pages (spec 001 §2.12): one model per page, every field validated.

Their fields are ours (the spec does not show them): what the IM app and the mall read at run time.
docs/decisions.md lists them. Money is integer fen; rates are whole percent or points.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import StringConstraints, model_validator

from core_api.platform.config_page import C, ConfigModel
from core_api.platform.schema import WebAddress

Line = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class ProductConfig(ConfigModel):
    """The main product: what the app shows of itself and who may register."""

    app_name: str = C("密讯", "应用名称", "App name", min_length=1, max_length=32)
    logo: str = C("", "应用图标", "Logo", kind="image", max_length=500)
    slogan: str = C("", "宣传语", "Slogan", max_length=100)
    service_phone: str = C("", "客服电话", "Service phone", max_length=20, pattern=r"^[0-9+\-]{0,20}$")
    service_email: str = C("", "客服邮箱", "Service e-mail", max_length=100,
                           pattern=r"^([^@\s]+@[^@\s]+\.[^@\s]+)?$")
    register_enabled: bool = C(True, "开放注册", "Registration open")
    invite_code_required: bool = C(False, "注册需邀请码", "Invite code required")
    real_name_required: bool = C(False, "需实名认证", "Real-name check required",
                                 help="开启后未实名的用户不能发起私聊和下单",
                                 help_en="Unverified users cannot chat or order")
    default_avatar: str = C("", "默认头像", "Default avatar", kind="image", max_length=500)


class CdkeyConfig(ConfigModel):
    """Redeem codes (兑换码): how they are generated and how often a user may redeem."""

    enabled: bool = C(True, "启用兑换", "Redeeming enabled")
    code_length: int = C(12, "兑换码长度", "Code length", ge=8, le=32)
    batch_max: int = C(1000, "单批最多生成", "Codes per batch at most", ge=1, le=100_000)
    valid_days: int = C(30, "默认有效天数", "Default validity (days)", ge=1, le=3650)
    daily_redeem_limit: int = C(5, "每人每日兑换上限", "Redeems per user per day", ge=1, le=1000)
    fail_lock_times: int = C(10, "连续输错锁定次数", "Wrong tries before a lock", ge=3, le=100,
                             help="连续输错达到次数后当日不能再兑换", help_en="Redeeming is locked for the day")


class GroupConfig(ConfigModel):
    """IM groups (and extended groups): sizes and who may create them."""

    max_members: int = C(500, "普通群人数上限", "Members per group", ge=3, le=5000)
    extended_max_members: int = C(2000, "扩展群人数上限", "Members per extended group", ge=3, le=100_000)
    max_groups_per_user: int = C(50, "每人最多建群数", "Groups a user may own", ge=1, le=1000)
    max_admins: int = C(5, "群管理员上限", "Admins per group", ge=0, le=50)
    create_needs_real_name: bool = C(False, "建群需实名", "Real name to create a group")
    join_needs_approval: bool = C(False, "入群需审核", "Joining needs approval")
    announcement_max_length: int = C(500, "群公告字数上限", "Announcement length", ge=10, le=5000)

    @model_validator(mode="after")
    def _extended_is_larger(self) -> GroupConfig:
        if self.extended_max_members < self.max_members:
            raise ValueError("扩展群人数上限不能小于普通群人数上限")
        return self


class AlarmMessageConfig(ConfigModel):
    """Where the console's alarms (a failing job, a payment callback refused, a queue backlog) are sent."""

    enabled: bool = C(False, "启用告警", "Alarms enabled")
    channel: Literal["webhook", "sms", "email"] = C(
        "webhook", "告警渠道", "Channel", options={"webhook": ("机器人 Webhook", "Webhook bot"),
                                                  "sms": ("短信", "SMS"), "email": ("邮件", "E-mail")})
    min_level: Literal["info", "warning", "error"] = C(
        "warning", "最低级别", "Lowest level", options={"info": ("提示", "Info"), "warning": ("警告", "Warning"),
                                                     "error": ("错误", "Error")})
    webhook_url: WebAddress = C("", "Webhook 地址", "Webhook URL", kind="url", max_length=500)
    webhook_token: str = C("", "Webhook 密钥", "Webhook token", max_length=200,
                           help="只写：保存后不再显示", help_en="Write-only: never shown again")
    receivers: list[Line] = C([], "接收人", "Receivers", max_length=20,
                              help="手机号或邮箱，每行一个", help_en="Phone numbers or e-mails, one a line")
    silence_minutes: int = C(10, "同类告警静默（分钟）", "Silence per kind (minutes)", ge=0, le=1440)

    @model_validator(mode="after")
    def _channel_is_complete(self) -> AlarmMessageConfig:
        if self.enabled and self.channel == "webhook" and not self.webhook_url:
            raise ValueError("启用 Webhook 告警时必须填写 Webhook 地址")
        if self.enabled and self.channel != "webhook" and not self.receivers:
            raise ValueError("启用短信或邮件告警时必须填写接收人")
        return self


class PayWayConfig(ConfigModel):
    """The ways the mall takes money, with the merchants' keys (write-only)."""

    wechat_enabled: bool = C(False, "启用微信支付", "WeChat Pay enabled")
    wechat_app_id: str = C("", "微信 AppID", "WeChat AppID", max_length=64, pattern=r"^[A-Za-z0-9_]{0,64}$")
    wechat_mch_id: str = C("", "微信商户号", "WeChat merchant ID", max_length=32, pattern=r"^[0-9]{0,32}$")
    wechat_api_key: str = C("", "微信商户密钥", "WeChat API key", max_length=128)
    alipay_enabled: bool = C(False, "启用支付宝", "Alipay enabled")
    alipay_app_id: str = C("", "支付宝 AppID", "Alipay AppID", max_length=32, pattern=r"^[0-9]{0,32}$")
    alipay_private_key: str = C("", "支付宝应用私钥", "Alipay private key", max_length=4096)
    balance_enabled: bool = C(True, "启用余额支付", "Balance payments enabled")
    min_amount: int = C(1, "最低支付金额", "Smallest payment", kind="money", ge=1, le=100_000_000)
    order_timeout_minutes: int = C(30, "未支付订单关闭（分钟）", "Unpaid orders close after (minutes)", ge=5, le=1440)

    @model_validator(mode="after")
    def _enabled_ways_are_complete(self) -> PayWayConfig:
        if self.wechat_enabled and not (self.wechat_app_id and self.wechat_mch_id and self.wechat_api_key):
            raise ValueError("启用微信支付时必须填写 AppID、商户号和商户密钥")
        if self.alipay_enabled and not (self.alipay_app_id and self.alipay_private_key):
            raise ValueError("启用支付宝时必须填写 AppID 和应用私钥")
        if not (self.wechat_enabled or self.alipay_enabled or self.balance_enabled):
            raise ValueError("至少启用一种支付方式")
        return self


class CoreV2Config(ConfigModel):
    """What an app of one platform needs before anything else: where the servers are, whether to update."""

    api_base_url: WebAddress = C("", "接口地址", "API base URL", kind="url", max_length=500)
    im_server_url: str = C("", "IM 服务地址", "IM server URL", max_length=500,
                           pattern=r"^((wss?|https?)://[^\s]{1,490})?$")
    latest_version_name: str = C("", "最新版本名", "Latest version name", max_length=32)
    min_version_code: int = C(0, "最低可用版本号", "Lowest usable version code", ge=0, le=1_000_000_000,
                              help="低于此版本号的应用必须更新", help_en="Older apps must update")
    download_url: WebAddress = C("", "下载地址", "Download URL", kind="url", max_length=500)
    maintenance: bool = C(False, "停机维护", "Under maintenance")
    maintenance_notice: str = C("", "维护公告", "Maintenance notice", kind="textarea", max_length=500)

    @model_validator(mode="after")
    def _notice_in_maintenance(self) -> CoreV2Config:
        if self.maintenance and not self.maintenance_notice.strip():
            raise ValueError("停机维护时必须填写维护公告")
        return self


class CommonV2Config(ConfigModel):
    """Common switches and limits of the app."""

    customer_service_url: WebAddress = C("", "在线客服地址", "Customer service URL", kind="url", max_length=500)
    share_title: str = C("", "分享标题", "Share title", max_length=64)
    share_image: str = C("", "分享图片", "Share image", kind="image", max_length=500)
    sensitive_filter: bool = C(True, "敏感词过滤", "Sensitive-word filter")
    max_upload_mb: int = C(100, "单文件上传上限（MB）", "Largest upload (MB)", ge=1, le=2048)
    recall_minutes: int = C(2, "消息可撤回时间（分钟）", "Recall window (minutes)", ge=0, le=1440)
    friend_request_daily_limit: int = C(30, "每日好友申请上限", "Friend requests per day", ge=1, le=1000)


class MeiliConfig(ConfigModel):
    """The beauty filter (美颜) of video calls and short videos."""

    enabled: bool = C(True, "启用美颜", "Beauty filter enabled")
    license_key: str = C("", "SDK 授权密钥", "SDK licence key", max_length=2000)
    whiten: int = C(30, "默认美白", "Whitening", ge=0, le=100)
    smooth: int = C(50, "默认磨皮", "Smoothing", ge=0, le=100)
    thin_face: int = C(20, "默认瘦脸", "Face slimming", ge=0, le=100)
    big_eye: int = C(10, "默认大眼", "Eye enlarging", ge=0, le=100)
    filters: list[Line] = C([], "滤镜列表", "Filters", max_length=50, help="滤镜名称，每行一个",
                            help_en="Filter names, one a line")


class IntegralConfig(ConfigModel):
    """Points (积分), with DOMAIN.md's defaults: 100 points are 1 yuan, at most 50 % of an order in units of
    100, earned on the amount paid and credited after the 7-day after-sale window."""

    enabled: bool = C(True, "启用积分", "Points enabled")
    earn_per_yuan: int = C(1, "每消费1元获得积分", "Points earned per yuan paid", ge=0, le=1000,
                           help="按实付金额计算，向下取整", help_en="On the amount paid, rounded down")
    points_per_yuan: int = C(100, "多少积分抵1元", "Points worth 1 yuan", ge=1, le=100_000)
    max_deduct_percent: int = C(50, "最多抵扣订单比例（%）", "Share of an order at most (%)", ge=0, le=100)
    deduct_unit: int = C(100, "抵扣单位（积分）", "Points spent in units of", ge=1, le=100_000)
    credit_after_days: int = C(7, "售后期后入账（天）", "Credited after (days)", ge=0, le=90,
                               help="订单完成后经过售后期才入账", help_en="After the after-sale window")
    sign_in_points: int = C(5, "每日签到积分", "Daily sign-in points", ge=0, le=10_000)
    expire_months: int = C(0, "有效期（月）", "Valid for (months)", ge=0, le=120, help="0 表示永久有效",
                           help_en="0: never expire")

    @model_validator(mode="after")
    def _unit_fits_rate(self) -> IntegralConfig:
        if self.deduct_unit % self.points_per_yuan and self.points_per_yuan % self.deduct_unit:
            raise ValueError("抵扣单位与积分兑换比例必须能互相整除")
        return self


class GameConfig(ConfigModel):
    """The game centre and the points turntable."""

    enabled: bool = C(False, "启用游戏中心", "Game centre enabled")
    center_url: WebAddress = C("", "游戏中心地址", "Game centre URL", kind="url", max_length=500)
    turntable_enabled: bool = C(True, "启用积分转盘", "Points turntable enabled")
    draw_cost_points: int = C(100, "每次抽奖消耗积分", "Points per draw", ge=0, le=1_000_000)
    daily_draw_limit: int = C(3, "每人每日抽奖次数", "Draws per user per day", ge=0, le=100)
    minor_daily_minutes: int = C(60, "未成年人每日时长（分钟）", "Minutes a day for minors", ge=0, le=1440)
    notice: str = C("", "游戏公告", "Notice", kind="textarea", max_length=1000)

    @model_validator(mode="after")
    def _center_has_url(self) -> GameConfig:
        if self.enabled and not self.center_url:
            raise ValueError("启用游戏中心时必须填写游戏中心地址")
        return self
