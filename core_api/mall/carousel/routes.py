"""The mall home carousel (spec 001 §2.16, the platform's): slides with a stored image, a link (a goods item,
a web address or none), a sort order and a validity window. The app shows the slides on shelf whose window
holds the present moment, by sort; the list says which are live now. The spec's calls: GET list_data,
GET add_edit_page, POST add_edit, GET del."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from core_api.content.common import FormQuery, IdQuery, add_edit, edit_model, form_record, need_perms, remove
from core_api.mall.carousel.models import MallCarousel
from core_api.mall.goods.models import MallGoods
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Resource
from core_api.platform.schema import INT_MAX, WEB_ADDRESS
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import STORAGE
from core_api.platform.storage import stored_image

PERM = "mall:carousel"
NONE, GOODS, URL = "none", "goods", "url"


def _merged(values: dict[str, Any], before: dict[str, Any] | None, name: str) -> Any:
    return values[name] if name in values else (before or {}).get(name)


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if not values:
        return  # a delete: nothing refers to a slide
    if "image" in values:
        stored_image(values["image"], request.app[STORAGE], "轮播图片")
    if "title" in values:
        values["title"] = values["title"].strip()
        if not values["title"]:
            raise ServiceError("标题不能为空")
    kind = _merged(values, before, "link_type") or NONE
    target = str(_merged(values, before, "link_target") or "").strip()
    if kind == NONE:
        target = ""
    elif kind == GOODS:
        if not target.isdigit() or int(target) > INT_MAX or not await MallGoods.filter(id=int(target)).exists():
            raise ServiceError(f"链接的商品不存在：{target[:20] or '未填写'}")
        target = str(int(target))
    elif kind == URL and not WEB_ADDRESS.fullmatch(target):
        raise ServiceError("链接地址不正确：须为 http:// 或 https:// 开头的网址")
    values["link_type"], values["link_target"] = kind, target
    begin, end = _merged(values, before, "begin_time"), _merged(values, before, "end_time")
    if begin is not None and end is not None and not begin < end:
        raise ServiceError("结束时间必须晚于开始时间")


def live_now(row: dict[str, Any], now: datetime) -> bool:
    begin, end = row.get("begin_time"), row.get("end_time")
    return row.get("shelf") == "1" and begin is not None and end is not None and begin <= now < end


async def enrich(rows: list[dict[str, Any]]) -> None:
    now = datetime.now(UTC)
    goods_ids = {int(r["link_target"]) for r in rows if r.get("link_type") == GOODS and r["link_target"].isdigit()}
    names = dict(await MallGoods.filter(id__in=sorted(goods_ids)).values_list("id", "name")) if goods_ids else {}
    for r in rows:
        r["live"] = "1" if live_now(r, now) else "0"
        r["link_goods_name"] = names.get(int(r["link_target"]), "") if r.get("link_type") == GOODS else ""


resource = Resource(
    name="MallCarousel", model=MallCarousel, perm=PERM, title="首页轮播", title_en="Home carousel",
    menu_buttons=("query", "edit", "remove"),  # as seeded, not as derived
    view="mall/carousel/index", list_path="/admin/lunbo/list_data", shelf=None, add_perm=f"{PERM}:edit",
    operator_only=True, order=("sort", "-id"), check=check, enrich=enrich,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("title", "标题", "Title", required=True, max_length=64, filter="fragment"),
        F("image", "图片", "Image", "image", required=True, max_length=500),
        F("link_type", "链接类型", "Link type", "dict", dict_type="biz_mall_link_type", default=NONE, filter="exact"),
        F("link_target", "链接目标", "Link target", max_length=500),
        F("link_goods_name", "链接商品", "Linked goods", virtual=True, edit="never", exported=False),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("begin_time", "开始时间", "Starts at", "datetime", required=True, sortable=True),
        F("end_time", "结束时间", "Ends at", "datetime", required=True, sortable=True),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", default="1", filter="exact"),
        F("live", "当前生效", "Live now", "flag", dict_type="biz_yes_no01", virtual=True, edit="never",
          exported=False),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("mall-carousel")
EditBody = edit_model(resource)


@api.get("/admin/lunbo/add_edit_page", need=any_perm(*need_perms(resource), f"{PERM}:query"),
         summary="What the add/edit form opens with: the slide (with an id) and the link types")
async def carousel_page(request: web.Request, principal: Principal, query: FormQuery) -> web.Response:
    record = await form_record(resource, request, principal, query.id)
    return ok(data={"record": record, "linkTypes": [NONE, GOODS, URL]})


@api.post("/admin/lunbo/add_edit", need=any_perm(*need_perms(resource)),
          summary="Create (no id) or edit (an id) a carousel slide", log=OperLogSpec("首页轮播", BusinessType.UPDATE))
async def carousel_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return ok(data={"id": await add_edit(resource, request, principal, body)})


@api.get("/admin/lunbo/del", need=any_perm(f"{PERM}:remove"), summary="Delete a carousel slide",
         log=OperLogSpec("首页轮播", BusinessType.DELETE))
async def carousel_del(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await remove(resource, request, principal, query.id)
    return ok()
