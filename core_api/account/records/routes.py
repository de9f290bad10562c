"""Favourites, postings, comments, sign-in tokens, sign-in checks and daily sign-in figures: six calls each,
from their declarations."""

from __future__ import annotations

from aiohttp import web

from core_api.account.records.models import Collection, LoginChart, LoginCheck, LoginToken, Release, ReleaseComment
from core_api.platform.api import Api
from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Partner, Resource
from core_api.platform.state import CLOCK
from core_api.platform.webhook import record_event

api = Api("account-records")
ID = F("id", "编号", "ID", "id", edit="never", sortable=True)
UID = F("uid", "用户UID", "User UID", "uid", required=True, edit="create", filter="exact")
SHELF = F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact")
CREATED = F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True)


async def unique_collection(request: web.Request, values: dict, before: dict | None) -> None:
    if before is None and await Collection.filter(uid=values.get("uid"), target_type=values.get("target_type"),
                                                  target_id=values.get("target_id")).exists():
        raise ServiceError("该用户已收藏此内容")


collect = Resource(
    name="AccountUserCollect", model=Collection, perm="account:collect", title="用户收藏", title_en="Favourites",
    view="account/collect/index", check=unique_collection, partner=Partner(
        "collections", ("uid", "target_type", "target_id", "title", "create_time"),
        key=("uid", "target_type", "target_id"), removable=True, actor="uid"),
    fields=[ID, UID,
            F("target_type", "收藏类型", "Kind", "dict", dict_type="biz_collect_type", required=True, filter="exact"),
            F("target_id", "内容编号", "Item ID", "int", required=True, min=1, filter="exact"),
            F("title", "标题", "Title", max_length=200, filter="fragment"),
            SHELF, CREATED],
)

release = Resource(
    name="AccountUserRelease", model=Release, perm="account:release", title="用户发布", title_en="Postings",
    view="account/release/index", partner=Partner("releases", ("id", "uid", "content", "images", "city", "visibility",
                                                         "like_count", "comment_count", "create_time"), actor="uid"),
    fields=[ID, UID,
            F("content", "内容", "Content", "textarea", required=True, max_length=5000, filter="fragment"),
            F("images", "图片", "Images", "images", listed=False),
            F("city", "城市", "City", max_length=64, filter="exact"),
            F("visibility", "可见范围", "Visibility", "dict", dict_type="biz_release_visibility", filter="exact"),
            F("like_count", "点赞数", "Likes", "int", edit="never", sortable=True),
            F("comment_count", "评论数", "Comments", "int", edit="never", sortable=True),
            SHELF, CREATED],
)

comment = Resource(
    name="AccountUserReleaseComment", model=ReleaseComment, perm="account:releaseComment", title="发布评论",
    title_en="Posting comments", view="account/releaseComment/index", partner=Partner(
        "release_comments", ("id", "release_id", "uid", "reply_uid", "content", "create_time"),
        refs={"release_id": "AccountUserRelease.id"}, actor="uid"),
    fields=[ID,
            F("release_id", "发布编号", "Posting ID", "int", required=True, min=1, edit="create", filter="exact"),
            UID,
            F("reply_uid", "回复用户", "Reply to", "uid", edit="create"),
            F("content", "评论内容", "Comment", "textarea", required=True, max_length=1000, filter="fragment"),
            SHELF, CREATED],
)

SIGNED_OUT = "consumer.signed_out"
TOKEN_ACTIVE = "0"  # noqa: S105 - biz_token_status, not a secret


def token_live(row: dict) -> bool:
    return row.get("status") == TOKEN_ACTIVE and row.get("shelf") == "1"


async def token_ended(request: web.Request, action: str, before: dict, after: dict) -> list:
    """Ending a live token (deleted, taken off the shelf, or marked ended) signs its app user out: the app
    server hears ``consumer.signed_out`` through the webhook."""
    if not token_live(before) or (action != "delete" and token_live({**before, **after})):
        return []
    reason = {"delete": "deleted", "shelf": "shelved"}.get(action, "ended")
    event = await record_event(SIGNED_OUT, {"uid": before["uid"], "tokenId": before["id"],
                                            "device": before.get("device", ""), "reason": reason},
                               request.app[CLOCK].now())
    return [event]


token = Resource(
    name="AccountUserToken", model=LoginToken, perm="account:token", title="登录令牌", title_en="Sign-in tokens",
    view="account/token/index", events=token_ended,
    fields=[ID, UID,
            F("device", "设备", "Device", max_length=64),
            F("platform", "平台", "Platform", "dict", dict_type="biz_platform", filter="exact"),
            F("ip", "IP地址", "IP address", max_length=64, filter="exact"),
            F("expire_time", "过期时间", "Expires at", "datetime"),
            F("status", "状态", "State", "dict", dict_type="biz_token_status", filter="exact"),
            SHELF, CREATED],
)

check = Resource(
    name="AccountLoginCheck", model=LoginCheck, perm="account:loginCheck", title="登录校验",
    title_en="Sign-in checks", view="account/loginCheck/index", partner=Partner(
        "login_checks", ("uid", "check_type", "device", "ip", "result", "reason", "create_time"), batch=200),
    fields=[ID, UID,
            F("check_type", "校验方式", "Check", "dict", dict_type="biz_login_check_type", required=True,
              filter="exact"),
            F("device", "设备", "Device", max_length=64),
            F("ip", "IP地址", "IP address", max_length=64, filter="exact"),
            F("result", "结果", "Result", "dict", dict_type="biz_check_result", filter="exact"),
            F("reason", "原因", "Reason", max_length=200),
            SHELF, CREATED],
)


async def one_figure_per_day(request: web.Request, values: dict, before: dict | None) -> None:
    if not values:
        return
    day = values.get("stat_date", before and before["stat_date"])
    platform = values.get("platform", before and before["platform"]) or "all"
    others = LoginChart.filter(stat_date=day, platform=platform)
    if before is not None:
        others = others.exclude(id=before["id"])
    if await others.exists():
        raise ServiceError(f"{day} 的{platform}统计已存在")


chart = Resource(
    name="AccountChartLogin", model=LoginChart, perm="account:chartLogin", title="登录统计",
    title_en="Sign-in figures", view="account/chartLogin/index", order=("-stat_date", "-id"),
    time_field="stat_date", check=one_figure_per_day,
    fields=[ID,
            F("stat_date", "统计日期", "Day", "date", required=True, filter="range", sortable=True),
            F("platform", "平台", "Platform", "dict", dict_type="biz_platform", filter="exact", default="all"),
            F("login_users", "登录人数", "Users signed in", "int", min=0, sortable=True),
            F("new_users", "新增用户", "New users", "int", min=0),
            F("login_times", "登录次数", "Sign-ins", "int", min=0),
            SHELF],
)
