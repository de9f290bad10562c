"""The shop field kind (a mall shop's id): registered here, where the shops are known. A shop account writes its
own shop's records only (the field is filled unasked); an operator names a shop that exists (0, "the platform",
only where the field's ``min`` is 0); rows carry the shop's name beside its id (``shopName``). Its values are
what a shop account's data scope names, so a resource's ``shop_field`` is of this kind."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import web

from core_api.mall.shop.refs import shop_names
from core_api.platform.counts import counts_of
from core_api.platform.errors import NotFound
from core_api.platform.resource.kinds import Kind, Rows, carry, register_kind
from core_api.platform.schema import refusal
from core_api.platform.state import PRINCIPAL

if TYPE_CHECKING:
    from core_api.platform.resource import F, Resource

SHOP_TABLE = "mall_shop"  # its writes bump this change stamp: the names kept by _names follow it


async def _shop_value(request: web.Request, f: F, value: Any, before: dict[str, Any] | None) -> Any:
    """A shop account writes its own shop's records only; an operator names a shop that exists."""
    own = request[PRINCIPAL].authz.scope.shop_id
    if own is not None:
        if value not in (None, own):
            raise NotFound()  # another shop's id: as if it did not exist
        return own
    if value is None:
        if before is None and f.required:
            raise refusal("请选择{field}", field=f.named)
        return value
    if value == 0 and f.min == 0:
        return value  # the platform's own record (a platform coupon)
    if value not in await shop_names([value]):
        raise refusal("{field}：店铺 {value} 不存在", field=f.named, value=value)
    return value


async def _names(fields: Sequence[F], rows: Rows, app: web.Application | None) -> None:
    """Given the app, the names are kept under the shop table's change stamp (a name is the same for every caller:
    the rows, not the names, carry the caller's scope), so a page reads only the shops it has not seen since the
    last shop write."""
    ids = sorted({int(r[f.name]) for r in rows for f in fields if r.get(f.name)})
    if app is None:
        names = await shop_names(ids)
    else:
        kept = counts_of(app).memo(SHOP_TABLE)
        if missing := [i for i in ids if i not in kept]:
            found = await shop_names(missing)
            kept.update({i: found.get(i, "") for i in missing})
        names = kept
    for r in rows:
        for f in fields:
            shop = r.get(f.name)
            r[f"{f.name.removesuffix('_id')}_name"] = "平台" if shop == 0 else names.get(int(shop or 0), "")


SHOP = register_kind(Kind("shop", base="id", picker="shop", check=_shop_value, carry=_names, asked=False,
                          shop_scope=True))


async def carry_shop_names(res: Resource, rows: Rows, app: web.Application | None = None) -> None:
    """Rows of a resource with shop fields carry each shop's name beside its id (``shopName``), in place."""
    await carry(res.fields, rows, app, only=(SHOP,))
