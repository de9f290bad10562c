"""Supply-chain goods (spec 001 §2.16, the platform's; operators only): the provider shops, the provider's
cloud goods (with the local goods item each was synced into) and a sync of one goods item, through the
supply-chain adapter (core_api/platform/supply.py). The spec's ``{supply-chain-provider}`` segment is the fixed
``supply_chain`` whatever the configured provider (the screen's paths and the OpenAPI stay the same)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field

from core_api.mall.goods.models import MallGoods
from core_api.mall.shop.models import MallShop
from core_api.mall.supply.models import MallSupplyShop
from core_api.mall.supply.service import sync_goods
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract.mall import (
    SUPPLY_REF,
    CloudGoodsPageOut,
    CloudQuery,
    SupplyShopsOut,
    SupplySyncedOut,
)
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, page
from core_api.platform.errors import Forbidden
from core_api.platform.schema import Schema
from core_api.platform.security import OPERATOR_ONLY, Principal, any_perm
from core_api.platform.state import CLOCK, STORAGE
from core_api.platform.storage import S3Storage
from core_api.platform.supply import app_supply

PERM = "mall:supply"
OPERATOR_ONLY.add(f"{PERM}:sync")  # syncing writes goods into supply-chain shops: operators only
SEGMENT = "supply_chain"
api = Api("mall-supply")


def platform_only(principal: Principal) -> None:
    if principal.authz.scope.shop_id is not None:
        raise Forbidden("供应链商品仅限平台运营人员管理")


@api.get(f"/admin/{SEGMENT}/get_all_shops", need=any_perm(f"{PERM}:list"), response=SupplyShopsOut,
         summary="The supply-chain provider's shops, with the local shop each maps to (once synced)")
async def supply_shops(request: web.Request, principal: Principal) -> web.Response:
    platform_only(principal)
    supply = app_supply(request.app)
    shops = await supply.shops()
    mapped = {m["ref"]: m["shop_id"] for m in await MallSupplyShop.filter(
        provider=supply.name, ref__in=[s.id for s in shops]).values("ref", "shop_id")}
    names = dict(await MallShop.filter(id__in=list(mapped.values())).values_list("id", "name")) if mapped else {}
    return ok(data={"provider": supply.name, "shops": [
        {**s.model_dump(by_alias=True), "localShopId": mapped.get(s.id),
         "localShopName": names.get(mapped.get(s.id), "")} for s in shops]})


@api.post(f"/admin/{SEGMENT}/list_data", need=any_perm(f"{PERM}:list"), response=CloudGoodsPageOut,
          summary="The provider's cloud goods, a page, with the local goods item each was synced into")
async def supply_goods(request: web.Request, principal: Principal, body: CloudQuery) -> web.Response:
    platform_only(principal)
    supply = app_supply(request.app)
    rows, total = await supply.search(body.shop_id, (body.keyword or "").strip(), body.page_num, body.page_size)
    local: dict[str, dict[str, Any]] = {
        g["source_ref"]: g for g in await MallGoods.filter(source=supply.name, source_ref__in=[r.id for r in rows])
        .values("id", "source_ref", "price_fen", "stock", "shelf", "update_time", "create_time")}
    out = []
    for r in rows:
        g = local.get(r.id) or {}
        out.append({**r.model_dump(by_alias=True), "localGoodsId": g.get("id"), "localPriceFen": g.get("price_fen"),
                    "localStock": g.get("stock"), "localShelf": g.get("shelf"),
                    "outdated": bool(g) and (g["price_fen"] != r.price_fen or g["stock"] != r.stock)})
    return page(out, total, body.page_num, body.page_size, provider=supply.name)


class SyncQuery(Schema):
    goods_id: str = Field(..., pattern=SUPPLY_REF, title="供应链商品编号")


@api.get(f"/admin/{SEGMENT}/syncGoodsInfo", need=any_perm(f"{PERM}:sync"), response=SupplySyncedOut,
         summary="Sync one provider goods item (and its SKUs) into the mall: created, updated or unchanged",
         log=OperLogSpec("供应链商品", BusinessType.UPDATE))
async def supply_sync(request: web.Request, principal: Principal, query: SyncQuery) -> web.Response:
    platform_only(principal)
    storage = request.app[STORAGE]
    public = storage.visit_prefix if isinstance(storage, S3Storage) else ""
    result = await sync_goods(app_supply(request.app), query.goods_id, principal.user_name, request.app[CLOCK].now(),
                              public)
    if not result.unchanged:
        await changed(request.app, "mall_goods", "mall_sku")
    return ok(data=result.out(), msg=result.text())
