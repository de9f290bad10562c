"""The picture library (spec 001 §2.16): a shop's pictures, each a stored image (an address of the storage
adapter, never a foreign one) with a name, filed under a picture type (a mall category of kind "picture").
Per shop: a shop account lists, adds, edits and deletes only its own shop's pictures (another shop's id: 404);
an operator names the shop. The spec's calls: POST list_data, POST add_edit, POST add (several at once,
all or none), GET del."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.content.common import IdQuery, add_edit, edit_model, need_perms, remove
from core_api.mall.picture.models import MallPicture
from core_api.mall.picture.service import category_names
from core_api.mall.shop.kind import SHOP
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import Forbidden, ServiceError
from core_api.platform.resource import F, Resource
from core_api.platform.schema import INT_MAX, StrictSchema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, STORAGE
from core_api.platform.storage import stored_image

PERM = "mall:picture"
PICTURE = "picture"
MAX_AT_ONCE = 20


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if "category_id" in values and not await category_names([values["category_id"]], PICTURE):
        raise ServiceError(f"图片类型 {values['category_id']} 不存在")
    if "name" in values:
        values["name"] = values["name"].strip()
        if not values["name"]:
            raise ServiceError("图片名称不能为空")
    if "url" in values:
        stored_image(values["url"], request.app[STORAGE])


async def enrich(rows: list[dict[str, Any]]) -> None:
    names = await category_names([r["category_id"] for r in rows], PICTURE)
    for r in rows:
        r["category_name"] = names.get(r["category_id"], "")


resource = Resource(
    name="MallPicture", model=MallPicture, perm=PERM, title="图片库", title_en="Picture library",
    menu_buttons=("query", "add", "edit", "remove"),  # as seeded, not as derived
    view="mall/picture/index", list_method="POST", list_path="/admin/shopImage/list_data", shelf=None,
    shop_field="shop_id", order=("sort", "-id"), check=check, enrich=enrich,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("shop_id", "店铺", "Shop", SHOP, edit="create", filter="exact", required=True),
        F("category_id", "图片类型", "Picture type", "int", min=1, required=True, filter="exact", listed=False),
        F("category_name", "图片类型", "Picture type", virtual=True, edit="never", exported=False),
        F("name", "图片名称", "Name", required=True, max_length=64, filter="fragment"),
        F("url", "图片", "Image", "image", required=True, max_length=500),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("mall-picture")
EditBody = edit_model(resource)


class PictureItem(StrictSchema):
    name: str = Field(..., min_length=1, max_length=64, title="图片名称")
    url: str = Field(..., min_length=1, max_length=500, title="图片")


class AddBody(StrictSchema):
    shop_id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺")
    category_id: int = Field(..., ge=1, le=INT_MAX, title="图片类型")
    images: list[PictureItem] = Field(..., min_length=1, max_length=MAX_AT_ONCE, title="图片")


@api.post("/admin/shopImage/add_edit", need=any_perm(*need_perms(resource)),
          summary="Create (no id) or edit (an id) a picture of a shop's library",
          log=OperLogSpec("图片库", BusinessType.UPDATE))
async def picture_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return ok(data={"id": await add_edit(resource, request, principal, body)})


@api.post("/admin/shopImage/add", need=any_perm(f"{PERM}:add"),
          summary=f"Add up to {MAX_AT_ONCE} pictures of one type at once (all or none)",
          log=OperLogSpec("图片库", BusinessType.INSERT))
async def picture_add(request: web.Request, principal: Principal, body: AddBody) -> web.Response:
    if not principal.authz.has_permi(f"{PERM}:add"):
        raise Forbidden()
    now = request.app[CLOCK].now()
    checked = []
    for i, image in enumerate(body.images):
        one = resource.create_model(shop_id=body.shop_id, category_id=body.category_id, name=image.name,
                                    url=image.url)
        try:
            checked.append(await resource.checked_values(request, one, None))
        except ServiceError as exc:
            if exc.code != 500:
                raise
            raise ServiceError(f"第{i + 1}张：{exc.msg}") from None
    ids = []
    try:
        async with in_transaction():
            for values in checked:
                row = await MallPicture.create(**values, create_by=principal.user_name, create_time=now)
                await resource.record(request, principal, row.id, "create", {}, values)
                ids.append(row.id)
    except IntegrityError as exc:
        raise ServiceError(resource.duplicate) from exc
    return ok(data={"ids": ids})


@api.get("/admin/shopImage/del", need=any_perm(f"{PERM}:remove"), summary="Delete a picture of a shop's library",
         log=OperLogSpec("图片库", BusinessType.DELETE))
async def picture_del(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await remove(resource, request, principal, query.id)
    return ok()
