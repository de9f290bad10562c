"""Shops, settlement applications and shop accounts (spec 001 §2.16, §7 "Mall, shops and shop accounts",
"Settlement applications").

A shop account (a console user whose ``sys_user.shop_id`` is set) sees and changes only its own shop: the
shop resource's shop column is its own id, so every call below answers 404 for another shop's id. Rates are
basis points and only operators change them; approval of a settlement application creates the shop and its
first account once (core_api/mall/shop/service.py)."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from aiohttp import web
from pydantic import BaseModel, Field
from tortoise.expressions import Q
from tortoise.queryset import QuerySet

from core_api.account.consumer import service as consumers
from core_api.account.consumer.service import check_acting_user
from core_api.mall.shop import refs, service
from core_api.mall.shop.kind import SHOP, carry_shop_names
from core_api.mall.shop.models import MallSettled, MallShop
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import ListPageOut
from core_api.platform.contract import partner as partner_out
from core_api.platform.contract.mall import ShopInfoOut, ShopInfoQuery
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, page
from core_api.platform.errors import Forbidden, NotFound, ServiceError
from core_api.platform.paging import ListQuery
from core_api.platform.partner import PartnerBody
from core_api.platform.passwords import hash_password
from core_api.platform.resource import Action, F, Resource, partner_api
from core_api.platform.schema import INT_MAX, Schema, StrictSchema, english
from core_api.platform.security import OPERATOR_ONLY, Principal, any_perm
from core_api.platform.state import AUTH, CLOCK
from core_api.region.division.kind import AREA as AREA_KIND
from core_api.region.division.kind import area_paths, area_paths_of
from core_api.system.role.grants import check_user_manageable
from core_api.system.user.models import SysUser
from core_api.system.user.service import check_password_rule

api = Api("mall-shop")
PERM = "mall:shop"
SETTLED = "mall:settled"
ACCOUNT = "mall:shopAccount"
# The operators' decisions over shops: a shop account never holds them, whatever its roles (its fee rate, its brand
# sale, its area and shelf, onboarding audits).
OPERATOR_ONLY.update({f"{PERM}:rate", f"{PERM}:brandSale", f"{PERM}:area", f"{PERM}:shelf", f"{SETTLED}:audit"})
PHONE = r"^1[3-9]\d{9}$"
ACCOUNT_NAME = r"^[A-Za-z][A-Za-z0-9_]{3,29}$"
# Every screen with a shop field picks shops from the options call.
SHOP_PICKERS = ("mall:shop:list", "mall:goods:list", "mall:goods:edit", "mall:coupon:list", "mall:adCategory:list",
                "mall:picture:list", "mall:market:list", "mall:integralGoods:list", "mall:shopAccount:list",
                "mall:settled:list", "mall:review:list", "mall:carousel:list", "mall:turntable:list",
                "mall:supply:list", "order:shop:list")

AREA = F("area_code", "所在地区", "Area", AREA_KIND, required=True)
RATE = F("rate_bp", "佣金比例（基点）", "Rate (basis points)", "int", required=True, min=0, max=service.BP)
resource = Resource(
    name="MallShop", model=MallShop, perm=PERM, title="店铺管理", title_en="Shops", view="mall/shop/index",
    menu_buttons=("query", "edit", "shelf", "brandSale", "rate", "area"),  # as seeded, not as derived
    list_path="/admin/mall/shop/list_data", shop_field="id", creatable=False, editable=False, removable=False,
    duplicate="店铺名称已存在", order=("sort", "-id"),
    fields=[
        # the shop's own id is its shop column: a shop account reads only its own shop
        F("id", "编号", "ID", SHOP, edit="never", listed=False, exported=False),
        F("name", "店铺名称", "Name", required=True, max_length=64, filter="fragment"),
        F("logo", "店铺图标", "Logo", "image", max_length=500),
        F("contact", "联系人", "Contact", max_length=32),
        F("phone", "联系电话", "Phone", max_length=20),
        F("area_code", "所在地区", "Area", AREA_KIND, filter="exact", edit="never"),
        F("address", "详细地址", "Address", max_length=200, listed=False),
        F("intro", "店铺简介", "Introduction", "textarea", max_length=2000, listed=False, exported=False),
        F("shelf", "营业状态", "Open", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("brand_sale", "品牌特卖", "Brand sale", "flag", dict_type="biz_yes_no", edit="never", filter="exact"),
        F("rate_bp", "佣金比例（基点）", "Rate (bp)", "int", edit="never", sortable=True),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True, edit="never"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[
        Action("brandSale", "品牌特卖", "Brand sale", "brandSale", "/admin/mall/shop/brand_sale", "GET",
               params={"id": "id"}, confirm="将切换该店铺的品牌特卖状态。",
               confirm_en="The shop's brand sale is switched."),
        Action("rate", "佣金比例", "Rate", "rate", "/admin/mall/shop/finance/edit", params={"id": "id"},
               fields=(RATE,)),
        Action("area", "所在地区", "Area", "area", "/admin/mall/shop/update_areaId", "GET", params={"id": "id"},
               fields=(AREA,)),
        Action("info", "店铺详情", "Shop info", "query", "mall/shop/info", "LINK", params={"id": "id"}),
    ],
)


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="店铺编号")


class ShelfQuery(IdQuery):
    shelf: Literal["0", "1"] | None = Field(None, title="营业状态", description="absent: switched")


class BrandSaleQuery(IdQuery):
    brand_sale: Literal["0", "1"] | None = Field(None, title="品牌特卖", description="absent: switched")


async def _flip(request: web.Request, principal: Principal, shop_id: int, column: str, wanted: str | None,
                note: str) -> str:
    """Sets (or switches) a 0/1 column of a shop: a conditional update from the value read."""
    before = await resource.one(request, principal, shop_id)
    now = wanted if wanted is not None else ("0" if before[column] == "1" else "1")
    if now == before[column]:
        return now
    moved = await MallShop.filter(id=shop_id, **{column: before[column]}).update(
        **{column: now, "update_by": principal.user_name, "update_time": request.app[CLOCK].now()})
    if not moved:
        raise ServiceError("店铺已被他人修改，请刷新后重试")
    await resource.record(request, principal, shop_id, "update", before, {column: now}, note)
    await changed(request.app, "mall_shop")
    return now


@api.get("/admin/mall/shop/change_shelf", need=any_perm(f"{PERM}:shelf"),
         summary="Open or close a shop (shelf 1/0; absent: switched)", log=OperLogSpec("店铺管理", BusinessType.UPDATE))
async def change_shelf(request: web.Request, principal: Principal, query: ShelfQuery) -> web.Response:
    now = await _flip(request, principal, query.id, "shelf", query.shelf, "营业状态")
    return ok(data={"shelf": now}, msg="店铺已上架" if now == "1" else "店铺已下架")


@api.get("/admin/mall/shop/brand_sale", need=any_perm(f"{PERM}:brandSale"),
         summary="Show a shop among the brand sales or not (1/0; absent: switched)",
         log=OperLogSpec("店铺管理", BusinessType.UPDATE))
async def brand_sale(request: web.Request, principal: Principal, query: BrandSaleQuery) -> web.Response:
    now = await _flip(request, principal, query.id, "brand_sale", query.brand_sale, "品牌特卖")
    return ok(data={"brandSale": now}, msg="已设为品牌特卖" if now == "1" else "已取消品牌特卖")


class RateBody(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="店铺编号")
    rate_bp: int = Field(ge=0, le=service.BP, strict=True, title="佣金比例（基点）",
                         description="the platform's commission, basis points (100 = 1%)")


@api.post("/admin/mall/shop/finance/edit", need=any_perm(f"{PERM}:rate"),
          summary="Set a shop's commission rate in basis points (operators only)",
          log=OperLogSpec("店铺管理", BusinessType.UPDATE))
async def finance_edit(request: web.Request, principal: Principal, body: RateBody) -> web.Response:
    before = await resource.one(request, principal, body.id)  # a shop account never holds the rate permission
    if before["rate_bp"] != body.rate_bp:
        moved = await MallShop.filter(id=body.id, rate_bp=before["rate_bp"]).update(
            rate_bp=body.rate_bp, update_by=principal.user_name, update_time=request.app[CLOCK].now())
        if not moved:
            raise ServiceError("店铺已被他人修改，请刷新后重试")
        await resource.record(request, principal, body.id, "update", before, {"rate_bp": body.rate_bp}, "佣金比例")
        await changed(request.app, "mall_shop")
    return ok(data={"rateBp": body.rate_bp})


class AreaQuery(IdQuery):
    area_code: str = Field(pattern=r"^\d{6}(\d{3}|\d{6})?$", title="所在地区", description="a region's code")


async def known_area(code: str) -> str:
    if code not in await area_paths_of([code]):
        raise ServiceError(f"所在地区：区域编码 {code} 不存在")
    return code


@api.get("/admin/mall/shop/update_areaId", need=any_perm(f"{PERM}:area"),
         summary="Set a shop's area (a region code that exists)", log=OperLogSpec("店铺管理", BusinessType.UPDATE))
async def update_area(request: web.Request, principal: Principal, query: AreaQuery) -> web.Response:
    before = await resource.one(request, principal, query.id)
    await known_area(query.area_code)
    await MallShop.filter(id=query.id).update(area_code=query.area_code, update_by=principal.user_name,
                                              update_time=request.app[CLOCK].now())
    await resource.record(request, principal, query.id, "update", before, {"area_code": query.area_code}, "所在地区")
    await changed(request.app, "mall_shop")
    return ok(data={"areaCode": query.area_code})


INFO_FIELDS = ("id", "name", "logo", "contact", "phone", "area_code", "address", "lng", "lat", "intro", "shelf",
               "brand_sale", "rate_bp", "settled_id", "sort", "create_time", "update_by", "update_time")


@api.get("/admin/mall/shop/info_page", need=any_perm(f"{PERM}:query"), response=ShopInfoOut,
         summary="A shop's info page (a shop account without an id: its own shop)")
async def info_page(request: web.Request, principal: Principal, query: ShopInfoQuery) -> web.Response:
    shop_id = query.id or principal.authz.scope.shop_id
    if shop_id is None:
        raise ServiceError("请选择店铺")
    await resource.one(request, principal, shop_id)  # another shop's id: 404
    full = (await MallShop.filter(id=shop_id).values(*INFO_FIELDS))[0]
    await area_paths(resource, [full])  # areaCodePath beside areaCode
    return ok(data=resource.view_of(principal)(full))


class InfoBody(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="店铺编号")
    name: str = Field(min_length=1, max_length=64, title="店铺名称")
    logo: str = Field("", max_length=500, title="店铺图标")
    contact: str = Field("", max_length=32, title="联系人")
    phone: str = Field("", pattern=r"^(|[0-9\-+ ]{5,20})$", title="联系电话")
    address: str = Field("", max_length=200, title="详细地址")
    intro: str = Field("", max_length=2000, title="店铺简介")
    lng: float | None = Field(None, ge=-180, le=180, title="经度")
    lat: float | None = Field(None, ge=-90, le=90, title="纬度")


@api.post("/admin/mall/shop/update_info", need=any_perm(f"{PERM}:edit"),
          summary="Save a shop's info page (name, logo, contact, address, introduction)",
          log=OperLogSpec("店铺管理", BusinessType.UPDATE))
async def update_info(request: web.Request, principal: Principal, body: InfoBody) -> web.Response:
    await resource.one(request, principal, body.id)
    before = (await MallShop.filter(id=body.id).values(*INFO_FIELDS))[0]
    name = body.name.strip()
    if not name:
        raise ServiceError("店铺名称不能为空")
    if await MallShop.filter(name=name).exclude(id=body.id).exists():
        raise ServiceError("店铺名称已存在")
    values: dict[str, Any] = {"name": name, "logo": body.logo.strip(), "contact": body.contact.strip(),
                              "phone": body.phone.strip(), "address": body.address.strip(), "intro": body.intro,
                              "lng": None if body.lng is None else round(body.lng, 6),
                              "lat": None if body.lat is None else round(body.lat, 6)}
    from tortoise.exceptions import IntegrityError

    try:
        await MallShop.filter(id=body.id).update(**values, update_by=principal.user_name,
                                                 update_time=request.app[CLOCK].now())
    except IntegrityError as exc:
        raise ServiceError("店铺名称已存在") from exc
    await resource.record(request, principal, body.id, "update", before, values, "店铺信息")
    await changed(request.app, "mall_shop")
    return ok()


class OptionsQuery(Schema):
    keyword: str | None = Field(None, max_length=64, title="关键词", description="a fragment of the name, or an id")
    id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺编号", description="the one shop (a chosen value's name)")


@api.get("/admin/mall/shop/options", need=any_perm(*SHOP_PICKERS),
         summary="Shops to choose from ({id, name}, at most 20; a shop account: its own shop)")
async def shop_options(request: web.Request, principal: Principal, query: OptionsQuery) -> web.Response:
    qs = MallShop.all()
    if (where := principal.authz.scope.shop_filter("id")) is not None:
        qs = qs.filter(where)
    if query.id:
        qs = qs.filter(id=query.id)
    keyword = (query.keyword or "").strip()
    if keyword:
        qs = qs.filter(id=int(keyword)) if keyword.isdigit() and len(keyword) <= 18 else qs.filter(
            name__icontains=keyword)
    rows = await qs.order_by("sort", "-id").limit(20).values("id", "name")
    return ok(data=rows)


# ---- settlement (onboarding) applications

class SettledIn(StrictSchema):
    shop_name: str = Field(min_length=2, max_length=64, title="店铺名称")
    contact: str = Field(min_length=1, max_length=32, title="联系人")
    phone: str = Field(pattern=PHONE, title="联系电话")
    area_code: str = Field(pattern=r"^\d{6}(\d{3}|\d{6})?$", title="所在地区")
    address: str = Field("", max_length=200, title="详细地址")
    license: str = Field("", max_length=2000, title="营业执照", description="image paths, comma-joined")
    intro: str = Field("", max_length=2000, title="店铺简介")
    account: str = Field(pattern=ACCOUNT_NAME, title="登录账号",
                         description="the user name of the shop's first account: a letter, then 4..30 letters, "
                                     "digits or _")


async def _submit(request: web.Request, body: SettledIn, uid: int | None, actor: str) -> MallSettled:
    await known_area(body.area_code)
    values = body.model_dump(by_alias=False)
    values["shop_name"] = values["shop_name"].strip()
    values["contact"] = values["contact"].strip()
    if len(values["shop_name"]) < 2:
        raise ServiceError("店铺名称不能少于2个字")
    row = await service.submit(values, uid, actor, request.app[CLOCK].now())
    await changed(request.app, "mall_settled")
    return row


@api.post("/admin/mall/settled", need=any_perm(f"{SETTLED}:add"),
          summary="Submit a settlement (onboarding) application: pending until audited",
          log=OperLogSpec("入驻申请", BusinessType.INSERT))
async def settled(request: web.Request, principal: Principal, body: SettledIn) -> web.Response:
    row = await _submit(request, body, None, principal.user_name)
    return ok(data={"id": row.id, "status": row.status})


class PartnerSettledIn(SettledIn, PartnerBody):  # strict: no type coercion
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID", description="the app user who applies")


@partner_api.post("/api/partner/v1/mall/settled", partner=True, response=partner_out.SettledOut,
                  summary="An app user's settlement (onboarding) application: pending until an operator audits it")
async def partner_settled(request: web.Request, body: PartnerSettledIn) -> web.Response:
    await check_acting_user(body.uid)
    fields = SettledIn.model_validate(body.model_dump(exclude={"uid"}))
    row = await _submit(request, fields, body.uid, f"app:{body.uid}")
    return ok(data={"id": row.id, "status": row.status})


class OwnApplications(Resource):
    """A shop account sees only the application its shop was created from (a shop kind column would put the
    shop's name over the application's own ``shop_name``, so the confinement is written here)."""

    def scoped(self, principal: Principal, qs: QuerySet) -> QuerySet:
        where = principal.authz.scope.shop_filter("shop_id")
        return super().scoped(principal, qs if where is None else qs.filter(where))

    def conditions(self, query: BaseModel, principal: Principal) -> tuple[list[Q], str]:
        where, key = super().conditions(query, principal)
        if (own := principal.authz.scope.shop_filter("shop_id")) is None:
            return where, key
        return [*where, own], f"{key}&shop={principal.authz.scope.shop_id}"


settled_resource = OwnApplications(
    name="MallSettled", model=MallSettled, perm=SETTLED, title="入驻申请", title_en="Settlement applications",
    menu_buttons=("query", "add", "audit"),  # as seeded, not as derived
    view="mall/settled/index", list_path="/admin/settled_mall/list_data", shelf=None, creatable=False,
    editable=False, removable=False,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("shop_name", "店铺名称", "Shop name", filter="fragment", edit="never"),
        F("contact", "联系人", "Contact", edit="never"),
        F("phone", "联系电话", "Phone", "phone", filter="exact", edit="never"),
        F("area_code", "所在地区", "Area", AREA_KIND, edit="never"),
        F("address", "详细地址", "Address", edit="never", listed=False),
        F("license", "营业执照", "Licence", "images", edit="never", listed=False, exported=False),
        F("intro", "店铺简介", "Introduction", "textarea", edit="never", listed=False, exported=False),
        F("account", "登录账号", "Account", filter="exact", edit="never"),
        F("uid", "申请用户", "Applicant", "uid", filter="exact", edit="never"),
        F("status", "审核状态", "Status", "dict", dict_type="biz_settled_status", filter="exact", edit="never"),
        F("reason", "驳回原因", "Reason", edit="never"),
        F("shop_id", "店铺编号", "Shop", "int", edit="never"),
        F("audit_by", "审核人", "Audited by", edit="never"),
        F("audit_time", "审核时间", "Audited at", "datetime", edit="never"),
        F("create_time", "申请时间", "Applied at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[
        Action("audit", "审核", "Audit", "audit", "/admin/settled_mall/audit_settled", params={"id": "id"},
               when={"status": ["pending"]}, confirm="审核结果提交后不可更改。",
               confirm_en="A decision cannot be changed.",
               fields=(F("status", "审核结果", "Decision", "dict", dict_type="biz_settled_decision", required=True),
                       F("reason", "驳回原因", "Reason", "textarea", max_length=200),
                       F("password", "初始密码", "Initial password", "password", max_length=20))),
    ],
)


class SettledQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="申请编号")


@api.get("/admin/settled_mall/info_page", need=any_perm(f"{SETTLED}:query", f"{SETTLED}:list"),
         summary="One settlement application, with its area's path and the shop it created")
async def settled_info(request: web.Request, principal: Principal, query: SettledQuery) -> web.Response:
    row = await settled_resource.one(request, principal, query.id)
    await area_paths(settled_resource, [row])
    out = settled_resource.view_of(principal)(row)
    out["shopLabel"] = (await refs.shop_names([row["shop_id"]])).get(row["shop_id"], "") if row["shop_id"] else ""
    return ok(data=out)


class AuditBody(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="申请编号")
    status: Literal["approved", "rejected"] = Field(title="审核结果", description="approved, or rejected with a reason")
    reason: str | None = Field(None, max_length=200, title="驳回原因")
    password: str | None = Field(None, max_length=20, title="初始密码",
                                 description="the first account's password; absent: one is made and answered once")


@api.post("/admin/settled_mall/audit_settled", need=any_perm(f"{SETTLED}:audit"),
          summary="Approve (creates the shop and its first account, once) or reject (with a reason) an application",
          log=OperLogSpec("入驻申请", BusinessType.UPDATE, save_response=False))
async def audit_settled(request: web.Request, principal: Principal, body: AuditBody) -> web.Response:
    now = request.app[CLOCK].now()
    if principal.authz.scope.shop_id is not None:
        raise NotFound("入驻申请不存在")  # shop accounts audit nothing (and see no applications)
    if body.status == service.REJECTED:
        reason = (body.reason or "").strip()
        if not reason:
            raise ServiceError("请填写驳回原因")
        await service.reject(body.id, reason, principal.user_name, now)
        await changed(request.app, "mall_settled")
        return ok(msg="已驳回")
    generated = not body.password
    password = body.password or service.initial_password()
    check_password_rule(password)
    done = await service.approve(body.id, password, principal.user_name, now)
    await changed(request.app, "mall_settled", "mall_shop", "sys_user")
    data: dict[str, Any] = {"shopId": done.shop_id, "userId": done.user_id, "userName": done.user_name}
    msg = f"审核通过，已创建店铺和店铺账号 {done.user_name}"
    if generated:
        data["initialPassword"] = password
        msg += f"，初始密码：{password}（仅显示一次，请转告商家）"
    return ok(data=data, msg=msg)


# ---- shop accounts: console users bound to a shop

account_resource = Resource(
    name="MallShopAccount", model=SysUser, perm=ACCOUNT, title="店铺账号", title_en="Shop accounts",
    view="mall/shopAccount/index", list_path="/admin/user/mall/list_data", hand_list=True, shelf=None,
    creatable=False, editable=False, removable=False, exportable=False, shop_field="shop_id",
    order=("-user_id",),
    fields=[
        F("user_id", "用户编号", "User ID", "id", edit="never", sortable=True),
        F("user_name", "登录账号", "Account", filter="fragment", edit="never"),
        F("nick_name", "昵称", "Nick name", edit="never"),
        F("phonenumber", "手机号", "Phone", "phone", filter="exact", edit="never"),
        F("shop_id", "店铺", "Shop", SHOP, filter="exact", edit="never"),
        F("status", "状态", "Status", "flag", dict_type="sys_normal_disable", filter="exact", edit="never"),
        F("login_date", "最后登录", "Last sign-in", "datetime", edit="never"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[
        Action("status", "修改状态", "Status", "status", "/admin/account_login_check/change_suer_status", "GET",
               params={"userId": "userId"},
               fields=(F("status", "状态", "Status", "flag", dict_type="sys_normal_disable", required=True),)),
        Action("editInfo", "修改手机/密码", "Phone or password", "editInfo",
               "/admin/account_login_check/edit_user_info", params={"userId": "userId"},
               fields=(F("phone", "新手机号", "New phone", "phone"),
                       F("password", "新密码", "New password", "password", max_length=20))),
    ],
)
ACCOUNT_COLUMNS = account_resource.columns


class AccountQuery(ListQuery):
    user_name: str | None = Field(None, max_length=30, title="登录账号")
    phonenumber: str | None = Field(None, pattern=r"^\d{3,11}$", title="手机号")
    shop_id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺")
    status: Literal["0", "1"] | None = Field(None, title="状态")
    begin_create_time: date | None = Field(None, title="开始日期")
    end_create_time: date | None = Field(None, title="结束日期")


def shop_users(principal: Principal) -> Any:
    qs = SysUser.filter(shop_id__not_isnull=True, del_flag="0")
    if (where := principal.authz.scope.shop_filter("shop_id")) is not None:
        qs = qs.filter(where)
    return qs


@api.get("/admin/user/mall/list_data", need=any_perm(f"{ACCOUNT}:list"), response=ListPageOut,
         summary="Shop accounts (console users bound to a shop) with their shop's name; a shop account: its shop's")
async def account_list(request: web.Request, principal: Principal, query: AccountQuery) -> web.Response:
    from core_api.platform.paging import between_days

    qs = shop_users(principal)
    if query.user_name:
        qs = qs.filter(user_name__icontains=query.user_name)
    if query.phonenumber:
        qs = qs.filter(phonenumber=query.phonenumber)
    if query.shop_id:
        qs = qs.filter(shop_id=query.shop_id)
    if query.status:
        qs = qs.filter(status=query.status)
    qs = between_days(qs, "create_time", query.begin_create_time or query.begin_time,
                      query.end_create_time or query.end_time)
    total = await qs.count()
    ordering = query.ordering({"userId": "user_id", "createTime": "create_time"}, ["-user_id"])
    rows = await qs.order_by(*ordering).offset(query.offset).limit(query.page_size).values(*ACCOUNT_COLUMNS)
    await carry_shop_names(account_resource, rows)
    view = account_resource.view_of(principal)
    return page([view(r) for r in rows], total, query.page_num, query.page_size)


async def shop_user(principal: Principal, user_id: int) -> SysUser:
    """A shop account the caller may manage: another shop's user (or a user of no shop) is 404, one who holds
    more than the caller is refused (grants.py)."""
    user = await shop_users(principal).get_or_none(user_id=user_id)
    if user is None:
        raise NotFound("店铺账号不存在")
    await check_user_manageable(principal.authz, [user.user_id])
    return user


class StatusQuery(Schema):
    user_id: int = Field(ge=1, le=INT_MAX, title="用户编号")
    status: Literal["0", "1"] = Field(title="状态", description="0 enabled, 1 disabled (signed out at once)")


@api.get("/admin/account_login_check/change_suer_status", need=any_perm(f"{ACCOUNT}:status"),
         summary="Enable (0) or disable (1) a shop account; disabling signs it out",
         log=OperLogSpec("店铺账号", BusinessType.UPDATE))
async def change_status(request: web.Request, principal: Principal, query: StatusQuery) -> web.Response:
    user = await shop_user(principal, query.user_id)
    if query.user_id == principal.user_id and query.status != "0":
        raise ServiceError("不能停用当前用户")
    if user.status != query.status:
        moved = await SysUser.filter(user_id=user.user_id, status=user.status).update(
            status=query.status, update_by=principal.user_name, update_time=request.app[CLOCK].now())
        if not moved:
            raise ServiceError("账号状态已被他人修改，请刷新后重试")
        await account_resource.record(request, principal, user.user_id, "update", {"status": user.status},
                                      {"status": query.status}, "修改状态")
        await changed(request.app, "sys_user")
        if query.status != "0":
            await request.app[AUTH].end_user_sessions(user.user_id)
        await request.app[AUTH].authz_changed()
    return ok(msg="已启用" if query.status == "0" else "已停用")


async def edit_shop_user(request: web.Request, principal: Principal, user_id: int, phone: str | None,
                         password: str | None) -> None:
    """edit_user_info for a shop account (``userId`` in the body): its phone or its password."""
    if not principal.authz.has_permi(f"{ACCOUNT}:editInfo"):
        raise Forbidden()
    if not phone and not password:
        raise ServiceError("请填写新手机号或新密码")
    user = await shop_user(principal, user_id)
    values: dict[str, Any] = {"update_by": principal.user_name, "update_time": request.app[CLOCK].now()}
    if phone:
        if await SysUser.filter(phonenumber=phone).exclude(user_id=user_id).exists():
            raise ServiceError("手机号码已被其他用户使用")
        values["phonenumber"] = phone
    if password:
        check_password_rule(password)
        values["password"] = await hash_password(password)
        values["pwd_update_date"] = request.app[CLOCK].now()
    await SysUser.filter(user_id=user_id).update(**values)
    await account_resource.record(request, principal, user_id, "update", {"phonenumber": user.phonenumber},
                                  {"phonenumber": phone or user.phonenumber},
                                  "修改手机号" + ("和密码" if password else "") if phone else "修改密码")
    await changed(request.app, "sys_user")


consumers.SHOP_ACCOUNT_EDIT[:] = [edit_shop_user]  # edit_user_info with a userId (core_api.account.consumer.routes)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "店铺名称不能为空": "The shop name is required",
    "店铺名称已存在": "The shop name already exists",
    "店铺已被他人修改，请刷新后重试": "Someone else changed the shop: refresh and try again",
    "店铺账号不存在": "The shop account does not exist",
    "手机号码已被其他用户使用": "The mobile number is used by another user",
    "请选择店铺": "Choose a shop",
    "账号状态已被他人修改，请刷新后重试": "Someone else changed the account's status: refresh and try again",
})
