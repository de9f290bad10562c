"""Referrals (spec 001 §2.3): the first-distribution list and the replenishment list, each confirmed exactly
once (a conditional update from pending); release permissions granted or revoked per app user."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field
from tortoise.models import Model

from core_api.account.referral.models import Referral, ReleasePermission, Replenishment
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.resource import Action, F, Partner, Resource
from core_api.platform.schema import INT_MAX, Flag, Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK

PENDING, CONFIRMED = "0", "1"
ID = F("id", "编号", "ID", "id", edit="never", sortable=True)
UID = F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact")
REFERRER = F("referrer_uid", "推荐人UID", "Referrer UID", "uid", edit="never", filter="exact")
STATUS = F("status", "确认状态", "State", "dict", dict_type="biz_confirm_status", edit="never", filter="exact")
CONFIRMED_BY = F("confirmed_by", "确认人", "Confirmed by", edit="never")
CONFIRMED_AT = F("confirmed_time", "确认时间", "Confirmed at", "datetime", edit="never")
CREATED = F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True)
READ_ONLY = {"creatable": False, "editable": False, "removable": False, "shelf": None}


def confirm_action(path: str) -> Action:
    return Action("confirm", "确认", "Confirm", "confirm", path, method="GET", params={"id": "id"},
                  when={"status": [PENDING]}, confirm="确认后不可撤销。",
                  confirm_en="A confirmation cannot be undone.")


referral = Resource(
    name="account_recommend", model=Referral, perm="account:recommend", title="推荐关系", title_en="Referrals",
    menu_buttons=("query", "confirm"),  # as seeded, not as derived
    view="account/recommend/index", list_method="POST", list_path="/admin/account_recommend/list_data",
    fields=[ID, UID, REFERRER,
            F("source", "来源", "Source", "dict", dict_type="biz_referral_source", edit="never", filter="exact"),
            STATUS, CONFIRMED_BY, CONFIRMED_AT, CREATED],
    partner=Partner("referrals", ("uid", "referrer_uid", "source", "create_time"), key=("uid",),
                    match={"status": PENDING}, final=("status", (CONFIRMED,), "该推荐关系已确认，不能修改"),
                    tree=("uid", "referrer_uid")),
    actions=[confirm_action("admin/account_recommend/v1/sure_relationship")], **READ_ONLY,  # type: ignore[arg-type]
)

replenishment = Resource(
    name="account_replenishment", model=Replenishment, perm="account:replenishment", title="补单列表",
    menu_buttons=("query", "confirm"),  # as seeded, not as derived
    title_en="Replenishments", view="account/replenishment/index", list_method="POST",
    list_path="/admin/account_recommend/list_replenishment",
    fields=[ID, UID, REFERRER,
            F("order_no", "订单号", "Order no.", edit="never", filter="exact"),
            F("amount", "金额", "Amount", "money", edit="never", sortable=True),
            F("reason", "原因", "Reason", edit="never"),
            STATUS, CONFIRMED_BY, CONFIRMED_AT, CREATED],
    partner=Partner("replenishments", ("uid", "referrer_uid", "order_no", "amount", "reason", "create_time"),
                    key=("order_no",), match={"status": PENDING},
                    final=("status", (CONFIRMED,), "该补单已确认，不能修改")),
    actions=[confirm_action("admin/account_recommend/v1/sure_replenishment")], **READ_ONLY,  # type: ignore[arg-type]
)

permission = Resource(
    name="release_permission", model=ReleasePermission, perm="account:releasePermission", title="发布权限",
    menu_buttons=("query", "operate"),  # as seeded, not as derived
    title_en="Posting permissions", view="account/releasePermission/index", list_method="POST",
    list_path="/admin/release_permission/v1/list", order=("-id",),
    fields=[ID, UID,
            F("allowed", "允许发布", "May post", "flag", dict_type="biz_release_allowed", edit="never",
              filter="exact"),
            F("reason", "原因", "Reason", edit="never"),
            F("update_by", "操作人", "Changed by", edit="never"),
            F("update_time", "操作时间", "Changed at", "datetime", edit="never")],
    actions=[Action("operate", "变更", "Change", "operate", "admin/release_permission/v1/operate", method="GET",
                    params={"uid": "uid"},
                    fields=(F("allowed", "允许发布", "May post", "flag", dict_type="biz_release_allowed",
                              required=True),
                            F("reason", "原因", "Reason", max_length=200)))],
    **READ_ONLY,  # type: ignore[arg-type]
)
api = Api("account-referral")


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


async def confirm(request: web.Request, principal: Principal, res: Resource, model: type[Model],
                  record_id: int) -> web.Response:
    before = await res.one(request, principal, record_id)
    after = {"status": CONFIRMED, "confirmed_by": principal.user_name, "confirmed_time": request.app[CLOCK].now()}
    if not await model.filter(id=record_id, status=PENDING).update(**after):
        raise ServiceError("该记录已确认，不能重复确认")
    await res.record(request, principal, record_id, "action", before, after, note="确认")
    return ok(msg="确认成功")


@api.get("/admin/account_recommend/v1/sure_relationship", need=any_perm("account:recommend:confirm"),
         summary="Confirm a pending referral relationship (once)", log=OperLogSpec("推荐关系", BusinessType.UPDATE))
async def sure_relationship(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    return await confirm(request, principal, referral, Referral, query.id)


@api.get("/admin/account_recommend/v1/sure_replenishment", need=any_perm("account:replenishment:confirm"),
         summary="Confirm a pending replenishment (once)", log=OperLogSpec("补单列表", BusinessType.UPDATE))
async def sure_replenishment(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    return await confirm(request, principal, replenishment, Replenishment, query.id)


class OperateQuery(Schema):
    uid: int = Field(ge=1, le=INT_MAX, title="用户UID")
    allowed: Flag = Field(pattern=r"^[01]$", title="允许发布")
    reason: str = Field("", max_length=200, title="原因")


@api.get("/admin/release_permission/v1/operate", need=any_perm("account:releasePermission:operate"),
         summary="Grant or revoke an app user's permission to post", log=OperLogSpec("发布权限", BusinessType.UPDATE))
async def operate(request: web.Request, principal: Principal, query: OperateQuery) -> web.Response:
    row = await ReleasePermission.filter(uid=query.uid).first()
    if row is None:
        raise NotFound()
    if row.allowed == query.allowed:
        raise ServiceError("发布权限已是该状态")
    before = {"allowed": row.allowed, "reason": row.reason}
    after = {"allowed": query.allowed, "reason": query.reason, "update_by": principal.user_name,
             "update_time": request.app[CLOCK].now()}
    if not await ReleasePermission.filter(id=row.id, allowed=row.allowed).update(**after):
        raise ServiceError("发布权限已是该状态")
    await permission.record(request, principal, row.id, "action", before, after, note="变更发布权限")
    return ok()
