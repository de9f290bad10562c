"""The region tree (GET /admin/region/list, level by level or by keyword) and the lookup by code or name
(GET /admin/region/v1/get_region). Codes are hierarchical: a province's descendants start with its first two
digits, a city's with four, a district's with six; a street's code is 9 digits (12 accepted: the statistics
code with its trailing 000)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field, field_validator
from tortoise.expressions import Q

from core_api.platform.api import Api
from core_api.platform.contract.region import (
    RegionListData,
    RegionLookupOut,
    RegionQuery,
    normalise,
)
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import REGISTRY
from core_api.platform.schema import Schema
from core_api.platform.security import Principal, any_perm, any_perm_of
from core_api.region.division.kind import AREA
from core_api.region.division.models import Region

api = Api("region")
KEYWORD_LIMIT = 50
LEVELS = {1: "省级", 2: "地级", 3: "县级", 4: "乡级"}


def area_picker_perms() -> tuple[str, ...]:
    """The permissions of whoever may open a declared screen with an area field, where the area picker loads its
    levels from the list (issue 28): the list's readers where the area is a filter, its writers where it is written
    on create or edit, an action's holders where the action asks for one. Read from the declarations (every feature
    is loaded by the first call), so a new screen with an area field needs no entry here."""
    if _picker_perms[0] == len(REGISTRY):  # resources are only ever added: a count names the registry's state
        return _picker_perms[1]
    perms: list[str] = []
    for res in REGISTRY.values():
        for f in res.fields:
            if f.kind != AREA:
                continue
            if f.filter:
                perms.append(res.list_perm or f"{res.perm}:list")
            if res.creatable and f.edit in ("always", "create"):
                perms.append(res.add_perm or f"{res.perm}:add")
            if res.editable and f.edit == "always":
                perms.append(f"{res.perm}:edit")
        perms += [a.full_perm(res.perm) for a in res.actions if any(g.kind == AREA for g in a.fields)]
    _picker_perms[:] = [len(REGISTRY), tuple(dict.fromkeys(perms))]
    return _picker_perms[1]


_picker_perms: list[Any] = [-1, ()]
# The regions screen's readers, and every screen with an area field's users (area_picker_perms).
PICKERS = any_perm_of(("region:region:list",), area_picker_perms, "the screens with an area field")


def descendants_prefix(code: str, level: int) -> str:
    return code[: {1: 2, 2: 4}.get(level, len(code))]


def _out(row: dict[str, Any]) -> dict[str, Any]:
    return {"code": row["code"], "name": row["name"], "level": row["level"], "parentCode": row["parent_code"],
            "path": row["path"], "leaf": row["leaf"], "hasChildren": not row["leaf"],
            "lng": float(row["lng"]) if row["lng"] is not None else None,
            "lat": float(row["lat"]) if row["lat"] is not None else None}


COLUMNS = ("code", "name", "level", "parent_code", "path", "leaf", "lng", "lat")


@api.get("/admin/region/list", need=PICKERS, response=RegionListData,
         summary="Regions: the children of a region (none: the provinces), or the matches of a keyword with their path")
async def region_list(request: web.Request, principal: Principal, query: RegionQuery) -> web.Response:
    if query.keyword:
        qs = Region.all()
        if query.parent_code:
            parent = await Region.get_or_none(code=query.parent_code).values("code", "level")
            if parent is None:
                raise ServiceError("上级区域不存在")
            qs = qs.filter(code__startswith=descendants_prefix(parent["code"], parent["level"]))
        word = query.keyword
        where = Q(name__contains=word)
        if word.isdigit():
            where |= Q(code__startswith=word)
        rows = await qs.filter(where).order_by("level", "code").limit(KEYWORD_LIMIT).values(*COLUMNS)
    elif query.parent_code:
        if not await Region.filter(code=query.parent_code).exists():
            raise ServiceError("上级区域不存在")
        rows = await Region.filter(parent_code=query.parent_code).order_by("code").values(*COLUMNS)
    else:
        rows = await Region.filter(level=1).order_by("code").values(*COLUMNS)
    return ok(data=[_out(r) for r in rows], msg="查询成功")


class LookupQuery(Schema):
    code: str | None = Field(None, max_length=12, title="区域编码")
    name: str | None = Field(None, max_length=32, title="区域名称")

    @field_validator("code")
    @classmethod
    def _code(cls, value: str | None) -> str | None:
        return normalise(value) if value else None


async def ancestors_of(row: dict[str, Any]) -> list[dict[str, Any]]:
    codes, code = [], row["parent_code"]
    by_level = {1: 2, 2: 4, 3: 6}
    for level in (1, 2, 3):  # the candidates by prefix: one query
        if level < row["level"]:
            codes.append(row["code"][: by_level[level]].ljust(6, "0"))
    found = {r["code"]: r for r in await Region.filter(code__in=[*codes, code or ""]).values(*COLUMNS)}
    chain: list[dict[str, Any]] = []
    while code and code in found:
        chain.append(found[code])
        code = found[code]["parent_code"]
    return list(reversed(chain))


@api.get("/admin/region/v1/get_region", need=any_perm("region:region:query"), response=RegionLookupOut,
         summary="Region lookup: a code gives the region and its ancestors; a name gives every region of that name "
                 "with its path")
async def get_region(request: web.Request, principal: Principal, query: LookupQuery) -> web.Response:
    name = (query.name or "").strip()
    if not query.code and not name:
        raise ServiceError("请提供区域编码或区域名称")
    if query.code:
        row = await Region.get_or_none(code=query.code).values(*COLUMNS)
        if row is None:
            raise ServiceError(f"区域编码 {query.code} 不存在")
        return ok(data={"region": _out(row), "ancestors": [_out(r) for r in await ancestors_of(row)], "matches": []},
                  msg="查询成功")
    rows = await Region.filter(name=name).order_by("level", "code").limit(KEYWORD_LIMIT).values(*COLUMNS)
    if not rows:
        raise ServiceError(f"没有名为“{name}”的区域")
    return ok(data={"region": _out(rows[0]) if len(rows) == 1 else None, "ancestors": [],
                    "matches": [_out(r) for r in rows]}, msg="查询成功")

