"""Syncing a supply-chain goods item into the mall: the goods item (``MallGoods`` with ``source`` the provider's
name and ``source_ref`` its goods id) and its SKUs (``MallSku`` by ``source_ref``), idempotently.

- The provider's goods item is fetched first: a provider error leaves everything as it was.
- The provider shop maps to a local mall shop made at its first sync (``MallSupplyShop``: provider, ref → shop),
  named after it ("… (供应链)"); the goods category to a child, named as the provider's category, of the
  top-level goods category "供应链商品".
- A new goods item is approved (the platform brought it in) and off shelf: an operator puts it on sale.
- Only what changed is written: a second sync of the same data writes nothing. A SKU the provider no longer
  lists keeps its row (orders may name it) with stock 0. Foreign image addresses are not kept: the console
  shows only its own storage's images (``stored_image``).
- One sync at a time per provider (an advisory lock on PostgreSQL, a process lock otherwise), in one
  transaction."""

from __future__ import annotations

import asyncio
import zlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tortoise import connections
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.mall.goods.models import MallCategory, MallGoods, MallSku
from core_api.mall.shop.models import MallShop
from core_api.mall.supply.models import MallSupplyShop
from core_api.platform.errors import ServiceError
from core_api.platform.storage import is_stored_address
from core_api.platform.supply import HttpSupply, LocalSupply, SupplyGoods

ROOT_CATEGORY = "供应链商品"
OTHER_CATEGORY = "其他"
GOODS_FIELDS = ("shop_id", "category_id", "name", "subtitle", "pics", "detail", "unit", "price_fen",
                "market_price_fen", "stock")
SKU_FIELDS = ("spec", "price_fen", "market_price_fen", "stock", "code", "image")
_LOCKS: dict[str, asyncio.Lock] = {}


@dataclass
class SyncResult:
    goods_id: int
    created: bool
    changed: list[str] = field(default_factory=list)  # the goods item's fields that changed
    skus_created: int = 0
    skus_updated: int = 0
    skus_unchanged: int = 0
    skus_retired: int = 0  # no longer listed by the provider: stock 0

    @property
    def unchanged(self) -> bool:
        return not self.created and not self.changed and not self.skus_created and not self.skus_updated \
            and not self.skus_retired

    def out(self) -> dict[str, Any]:
        return {"goodsId": self.goods_id, "created": self.created, "changed": self.changed,
                "skusCreated": self.skus_created, "skusUpdated": self.skus_updated,
                "skusUnchanged": self.skus_unchanged, "skusRetired": self.skus_retired,
                "unchanged": self.unchanged}

    def text(self) -> str:
        if self.created:
            return f"新建商品 {self.goods_id}（规格 {self.skus_created} 个）"
        if self.unchanged:
            return f"商品 {self.goods_id} 无变化"
        return (f"更新商品 {self.goods_id}：字段 {','.join(self.changed) or '无'}，规格新增 {self.skus_created}、"
                f"更新 {self.skus_updated}、停售 {self.skus_retired}")


def _own_images(urls: list[str], public_base: str = "") -> list[str]:
    return [u for u in urls if is_stored_address(u, public_base)]


async def _lock(provider: str) -> None:
    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        await conn.execute_query("SELECT pg_advisory_xact_lock($1, $2)",
                                 [74_031, zlib.crc32(provider.encode()) & 0x7FFFFFFF])


async def local_shop(provider: str, info: SupplyGoods, now: datetime) -> int:
    found = await MallSupplyShop.filter(provider=provider, ref=info.shop_id).values_list("shop_id", flat=True)
    if found:
        return int(found[0])  # type: ignore[call-overload]
    name = f"{info.shop_name}（供应链）"
    if await MallShop.filter(name=name).exists():
        name = f"{info.shop_name}（供应链 {info.shop_id}）"[:64]
    shop = await MallShop.create(name=name, contact="供应链", intro=f"供应链店铺 {provider}:{info.shop_id}",
                                 shelf="1", create_by="supply", create_time=now)
    await MallSupplyShop.create(provider=provider, ref=info.shop_id, name=info.shop_name, shop_id=shop.id,
                                create_time=now)
    return shop.id


async def _category(parent_id: int, name: str, now: datetime) -> int:
    found = await MallCategory.filter(kind="goods", parent_id=parent_id, name=name).values_list("id", flat=True)
    if found:
        return int(found[0])  # type: ignore[call-overload]
    row = await MallCategory.create(kind="goods", parent_id=parent_id, name=name, create_by="supply",
                                    create_time=now)
    return row.id


async def local_category(info: SupplyGoods, now: datetime) -> int:
    root = await _category(0, ROOT_CATEGORY, now)
    return await _category(root, info.category.strip() or OTHER_CATEGORY, now)


async def sync_goods(supply: LocalSupply | HttpSupply, goods_ref: str, actor: str, now: datetime,
                     public_base: str = "") -> SyncResult:
    info = await supply.goods(goods_ref)  # before anything is written: a provider error changes nothing
    provider = supply.name
    local = _LOCKS.setdefault(provider, asyncio.Lock())
    async with local:
        try:
            async with in_transaction():
                await _lock(provider)
                return await _apply(provider, info, actor, now, public_base)
        except IntegrityError as exc:
            raise ServiceError("同步冲突，请稍后重试") from exc


async def _apply(provider: str, info: SupplyGoods, actor: str, now: datetime, public_base: str) -> SyncResult:
    wanted: dict[str, Any] = {
        "shop_id": await local_shop(provider, info, now),
        "category_id": await local_category(info, now),
        "name": info.name, "subtitle": info.subtitle, "detail": info.detail, "unit": info.unit,
        "pics": ",".join(_own_images(info.pics, public_base))[:2000],
        "price_fen": min(s.price_fen for s in info.skus),
        "market_price_fen": max(s.market_price_fen for s in info.skus),
        "stock": sum(s.stock for s in info.skus),
    }
    rows = await MallGoods.filter(source=provider, source_ref=info.id).values("id", "version", *GOODS_FIELDS)
    if rows:
        before = rows[0]
        goods_id = before["id"]
        changed = [k for k in GOODS_FIELDS if before[k] != wanted[k]]
        result = SyncResult(goods_id, False, changed)
        if changed:
            await MallGoods.filter(id=goods_id).update(**{k: wanted[k] for k in changed}, update_by=actor,
                                                       update_time=now, version=before["version"] + 1)
    else:
        goods = await MallGoods.create(**wanted, source=provider, source_ref=info.id, shelf="0", review="approved",
                                       create_by=actor, create_time=now)
        goods_id = goods.id
        result = SyncResult(goods_id, True)
    skus = {s["source_ref"]: s for s in await MallSku.filter(goods_id=goods_id).values("id", "source_ref", *SKU_FIELDS)}
    listed = set()
    for sku in info.skus:
        listed.add(sku.id)
        values = {"spec": sku.spec, "price_fen": sku.price_fen, "market_price_fen": sku.market_price_fen,
                  "stock": sku.stock, "code": sku.code, "image": sku.image if is_stored_address(sku.image, public_base)
                  else ""}
        have = skus.get(sku.id)
        if have is None:
            await MallSku.create(goods_id=goods_id, shop_id=wanted["shop_id"], spec_key=f"supply_{sku.id}"[:200],
                                 source_ref=sku.id, **values)  # type: ignore[arg-type]
            result.skus_created += 1
        elif any(have[k] != values[k] for k in SKU_FIELDS):
            await MallSku.filter(id=have["id"]).update(**values)
            result.skus_updated += 1
        else:
            result.skus_unchanged += 1
    for ref, have in skus.items():
        if ref not in listed and have["stock"] != 0:
            await MallSku.filter(id=have["id"]).update(stock=0)
            result.skus_retired += 1
    return result
