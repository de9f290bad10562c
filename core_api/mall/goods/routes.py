"""The goods area's calls (spec 001 §7 "Mall, categories", "Mall, goods", "Mall, attributes", "Mall, goods
review"): categories, goods with their SKU matrix and review, attributes. Each module declares its own."""

from __future__ import annotations

from core_api.mall.goods import attr, category, goods
from core_api.platform.api import Api

APIS: list[Api] = [category.api, goods.api, attr.api]
