"""The SKU matrix of a goods item ("crossing attributes"): the chosen attributes and their values give every
combination, one SKU each, with its own price (fen), stock, code and image.

A SKU is known by its ``spec_key`` (the value ids, sorted, joined by "_"), so saving the specs again keeps the
ids of the combinations that remain (orders and carts refer to them), adds the new ones and removes the ones
no longer chosen — but never a SKU an open order holds.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from tortoise.expressions import Q

from core_api.mall.goods.models import MallAttr, MallAttrValue, MallSku
from core_api.platform.errors import NotFound, ServiceError

MAX_ATTRS = 3
MAX_SKUS = 100
PRICE_MIN, PRICE_MAX = 1, 99_999_999  # fen: 0.01 to 999,999.99 yuan
STOCK_MAX = 9_999_999


async def sku_in_open_orders(sku_ids: Iterable[int]) -> set[int]:
    """The SKUs among ``sku_ids`` that an open order (not completed, not closed) still holds.

    The mall's orders are the next issue: until they exist no order can hold a SKU, so this answers an empty set.
    The order issue replaces the body with a query of its order lines (one ``IN`` over ``sku_ids``); every
    removal of a SKU (a value taken out of the specs, a goods item deleted) already asks it first."""
    del sku_ids
    return set()


def spec_key(value_ids: Iterable[int]) -> str:
    return "_".join(str(v) for v in sorted(int(i) for i in value_ids))


def value_ids_of(key: str) -> list[int]:
    """The attribute values a SKU's spec key names; a key of another kind (a supply-chain SKU's ``supply_<id>``)
    names none."""
    parts = [p for p in key.split("_") if p]
    return [int(p) for p in parts] if all(p.isdigit() for p in parts) else []


def using_values(value_ids: Iterable[int]) -> Q:
    """SKUs whose spec_key holds any of ``value_ids`` (a whole id between the "_" separators)."""
    where = Q(id__lt=0)  # nothing, for no ids
    for v in sorted({int(i) for i in value_ids}):
        where |= Q(spec_key=str(v)) | Q(spec_key__startswith=f"{v}_") | Q(spec_key__endswith=f"_{v}") | Q(
            spec_key__contains=f"_{v}_")
    return where


async def values_in_use(value_ids: Iterable[int]) -> int:
    ids = list(value_ids)
    return await MallSku.filter(using_values(ids)).count() if ids else 0


async def combinations(shop_id: int, specs: list[tuple[int, list[int]]]) -> list[tuple[str, str]]:
    """(spec_key, spec text) of every combination of the chosen values, the attributes in the given order.

    Each attribute is the platform's or the goods item's shop's and each value one of its attribute's: otherwise
    404 (another shop's attribute does not exist for this goods item)."""
    if len(specs) > MAX_ATTRS:
        raise ServiceError(f"规格属性最多{MAX_ATTRS}个")
    if not specs:
        return [("", "")]  # a single-spec goods item: one SKU without attributes
    attr_ids = [a for a, _ in specs]
    if len(set(attr_ids)) != len(attr_ids):
        raise ServiceError("同一个属性不能重复选择")
    attrs = {a["id"]: a["name"] for a in await MallAttr.filter(id__in=attr_ids, shop_id__in=[0, shop_id])
             .values("id", "name")}
    if len(attrs) != len(attr_ids):
        raise NotFound(f"属性不存在：{','.join(str(a) for a in attr_ids if a not in attrs)}")
    wanted = [v for _, values in specs for v in values]
    found = {v["id"]: v for v in await MallAttrValue.filter(id__in=wanted).values("id", "attr_id", "value")}
    axes: list[list[tuple[int, str]]] = []
    for attr_id, values in specs:
        if not values:
            raise ServiceError(f"请选择属性“{attrs[attr_id]}”的值")
        if len(set(values)) != len(values):
            raise ServiceError(f"属性“{attrs[attr_id]}”的值不能重复选择")
        missing = [v for v in values if v not in found or found[v]["attr_id"] != attr_id]
        if missing:
            raise NotFound(f"属性值不存在：{','.join(str(v) for v in missing)}")
        axes.append([(v, f"{attrs[attr_id]}:{found[v]['value']}") for v in values])
    count = 1
    for axis in axes:
        count *= len(axis)
    if count > MAX_SKUS:
        raise ServiceError(f"规格组合共{count}个，最多{MAX_SKUS}个")
    return [(spec_key(v for v, _ in combo), ";".join(text for _, text in combo)) for combo in itertools.product(*axes)]


def chosen_specs(skus: list[dict[str, Any]], values: dict[int, dict[str, Any]],
                 attrs: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """The attributes and values a goods item's SKUs use (what its edit page shows as chosen)."""
    order: dict[int, list[int]] = {}
    for sku in skus:
        for part in value_ids_of(sku["spec_key"]):
            value = values.get(part)
            if value is None:
                continue
            picked = order.setdefault(value["attr_id"], [])
            if value["id"] not in picked:
                picked.append(value["id"])
    return [{"attrId": a, "attrName": attrs[a]["name"] if a in attrs else "",
             "values": [{"id": v, "value": values[v]["value"]} for v in sorted(vs, key=lambda i: (
                 values[i]["sort"], i))]}
            for a, vs in sorted(order.items(), key=lambda item: (attrs.get(item[0], {}).get("sort", 0), item[0]))]
