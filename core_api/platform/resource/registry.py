"""What the package keeps for the whole process: the declared resources, and the hooks features set at start for
the field kinds the platform cannot resolve itself (it knows no regions, shops, goods categories or app users).
Each is one object: features append to the name they import from ``core_api.platform.resource``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from tortoise.expressions import Q
from tortoise.models import Model

if TYPE_CHECKING:
    from core_api.platform.resource.declaration import Resource

# The declared resources by name: declaring one adds it (two of one name are refused).
REGISTRY: dict[str, Resource] = {}

# The area kind (a region code): code → its path ("北京市/北京市/朝阳区") for the known codes; set by
# core_api.region.division (the platform knows no regions). A write must name a known code; rows carry the path
# beside the code as ``{field}Path``.
AREA_PATHS: list[Callable[[list[str]], Awaitable[dict[str, str]]]] = []
# The shop kind (a mall shop's id): id → its name for the ids that exist; set by core_api.mall.shop. A write must
# name a shop that exists (0, "the platform", only where the field's ``min`` is 0); rows carry ``{field}Name``.
SHOP_NAMES: list[Callable[[list[int]], Awaitable[dict[int, str]]]] = []
# The category kind (a goods category's id): the filter of a category field by a chosen id (its goods and, for a
# first-level category, its children's goods); set by core_api.mall.goods.category.
CATEGORY_FILTER: list[Callable[[str, int], Q]] = []
SHOP_TABLE = "mall_shop"  # its writes bump this change stamp: the names kept by shop_names follow it

# Where a uid must exist: (model, column), set by core_api.partner (the platform knows no app users).
PARTNER_USERS: list[tuple[type[Model], str]] = []
# The check of the app user a feed acts for (``Partner.actor``): refuses a frozen or unusable one; set likewise.
PARTNER_ACTING: list[Callable[[int], Awaitable[None]]] = []
