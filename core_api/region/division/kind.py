"""The area field kind (a region's code, GB/T 2260): registered here, where the regions are known. A write names a
known code; a filter by a region takes in every region under it; rows carry the path beside the code
(``{field}Path``: "北京市/北京市/朝阳区"); the screens pick it with the area picker."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import web
from tortoise.expressions import Q

from core_api.platform.resource.kinds import Kind, Rows, carry, register_kind
from core_api.platform.schema import refusal
from core_api.region.division.models import Region

if TYPE_CHECKING:
    from core_api.platform.resource import F, Resource


async def area_paths_of(codes: Sequence[str]) -> dict[str, str]:
    """code → path of the known codes among ``codes``."""
    wanted = sorted({c for c in codes if c})
    if not wanted:
        return {}
    return dict(await Region.filter(code__in=wanted).values_list("code", "path"))  # type: ignore[arg-type]


def area_prefix(code: str) -> str:
    """The prefix every code under a region starts with: 110000 → 11, 110100 → 1101, 110105 → 110105."""
    if len(code) == 6 and code.endswith("0000"):
        return code[:2]
    if len(code) == 6 and code.endswith("00"):
        return code[:4]
    return code


def _rules(f: F) -> dict[str, Any]:
    rules: dict[str, Any] = {"max_length": 12, "pattern": r"^(\d{6}|\d{9})?$"}
    if f.required:
        rules["min_length"] = 1
    return rules


def _under(name: str, code: Any) -> Q:
    return Q(**{f"{name}__startswith": area_prefix(str(code))})


async def _known(request: web.Request, f: F, value: Any, before: dict[str, Any] | None) -> Any:
    if value and value not in await area_paths_of([value]):
        raise refusal("{field}：区域编码 {value} 不存在", field=f.named, value=value)
    return value


async def _paths(fields: Sequence[F], rows: Rows, app: web.Application | None) -> None:
    paths = await area_paths_of([r[f.name] for r in rows for f in fields if r.get(f.name)])
    for r in rows:
        for f in fields:
            r[f"{f.name}_path"] = paths.get(r.get(f.name) or "", "")


AREA = register_kind(Kind("area", base="text", picker="area", rules=_rules, condition=_under, check=_known,
                          carry=_paths))


async def area_paths(res: Resource, rows: Rows) -> None:
    """Puts the path of every area field's code beside it (``{field}_path``), in place."""
    await carry(res.fields, rows, only=(AREA,))
