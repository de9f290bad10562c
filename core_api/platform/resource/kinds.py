"""The field kinds a feature brings: what an ``F`` of such a kind means, registered by the feature that knows what
its values name (a region's code, a shop's id, a goods category's id). The platform knows none of them by name:
wherever a field's kind matters it asks this registry, and a feature's declaration names its kind through the
constant the feature's kind module exports (importing it registers the kind before the declaration reads it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from aiohttp import web
from tortoise.expressions import Q

if TYPE_CHECKING:
    from core_api.platform.resource.fields import F

Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class Kind:
    """A field kind of a feature's.

    ``base``: the built-in kind its values are typed and bounded as ("id": a non-negative integer, "text").
    ``picker``: the name the web finds the kind's picker by (web/features/resources/pickers.ts).
    ``rules``: its own rules as pydantic takes them, instead of the base's (the title aside).
    ``condition``: the condition of an exact filter by a value, where it is not equality (a region takes in the
    regions under it); a list so filtered is never answered from a tally.
    ``check``: a write's value (request, field, value, the record before or None): refused, or replaced.
    ``carry``: puts beside each value what the rows show for it (a path, a name), in place; given the app, it may
    keep what it read under a change stamp.
    ``asked``: False where a required field is not required in a body (a shop account's records take its shop).
    ``shop_scope``: its values are what a shop account's data scope names (DataScope.shop_id): a resource's
    ``shop_field`` is of such a kind."""

    name: str
    base: Literal["id", "text"]
    picker: str | None = None
    rules: Callable[[F], dict[str, Any]] | None = None
    condition: Callable[[str, Any], Q] | None = None
    check: Callable[[web.Request, F, Any, dict[str, Any] | None], Awaitable[Any]] | None = None
    carry: Callable[[Sequence[F], Rows, web.Application | None], Awaitable[None]] | None = None
    asked: bool = True
    shop_scope: bool = False


# The registered kinds by name: a feature registers its own at import (``register_kind``).
KINDS: dict[str, Kind] = {}


def register_kind(kind: Kind) -> str:
    """Registers ``kind`` (again: the same name takes the newer) and returns its name, for the ``F`` lines."""
    KINDS[kind.name] = kind
    return kind.name


def kind_of(f: F) -> Kind | None:
    return KINDS.get(f.kind)


def base_kind(f: F) -> str:
    """The built-in kind ``f``'s values are typed as: its own, or its registered kind's base."""
    kind = KINDS.get(f.kind)
    return kind.base if kind is not None else f.kind


async def carry(res_fields: Sequence[F], rows: Rows, app: web.Application | None = None,
                only: Sequence[str] | None = None) -> None:
    """Rows carry, beside the values of every field of a registered kind (of the kinds named in ``only``, if
    given), what the kind puts there (a region's path, a shop's name), in place."""
    if not rows:
        return
    for kind in list(KINDS.values()):
        if kind.carry is None or (only is not None and kind.name not in only):
            continue
        fields = [f for f in res_fields if f.kind == kind.name and not f.virtual]
        if fields:
            await kind.carry(fields, rows, app)
