"""The region tree's wire shapes: the core's list and lookup answers, the list's query, the BFF's region screen."""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, field_validator

from core_api.platform.contract import Envelope
from core_api.platform.schema import Schema

CODE = re.compile(r"^(\d{6}|\d{9}|\d{9}000)$")
BAD_CODE = "区域编码应为6位、9位或12位数字"


def normalise(code: str) -> str:
    code = code.strip()
    if not CODE.match(code):
        raise ValueError(BAD_CODE)
    return code[:9] if len(code) == 12 else code


class RegionOut(Schema):
    code: str
    name: str
    level: int = Field(description="1 province, 2 city, 3 district, 4 street")
    parent_code: str | None
    path: str = Field(description="the names from the province down, joined by /")
    leaf: bool
    has_children: bool
    lng: float | None = None
    lat: float | None = None


class RegionListData(Envelope):
    msg: str = "查询成功"
    data: list[RegionOut]


class RegionLookup(Schema):
    region: RegionOut | None = Field(None, description="the region of a code")
    ancestors: list[RegionOut] = Field(default_factory=list,
                                       description="from the province down, the region not included")
    matches: list[RegionOut] = Field(default_factory=list, description="the regions of a name (several may share it)")


class RegionLookupOut(Envelope):
    msg: str = "查询成功"
    data: RegionLookup


class RegionQuery(Schema):
    parent_code: str | None = Field(None, max_length=12, title="上级区域编码",
                                    description="its children; none: the provinces")
    keyword: str | None = Field(None, max_length=32, title="关键字",
                                description="a name fragment or a code prefix: matches with their path")

    @field_validator("parent_code")
    @classmethod
    def _code(cls, value: str | None) -> str | None:
        return normalise(value) if value else None

    @field_validator("keyword")
    @classmethod
    def _keyword(cls, value: str | None) -> str | None:
        value = (value or "").strip()
        return value or None


class RegionScreen(Schema):
    regions: list[RegionOut] = Field(description="the children of parentCode (none: the provinces), or the matches "
                                                 "of keyword with their path")


class RegionScreenOut(Envelope):
    data: RegionScreen


# ---- the map picker's calls (core_api/region/place/routes.py)

class PlaceOut(Schema):
    id: str
    name: str
    location: str = Field(description="lng,lat (6 decimals)")
    address: str
    distance: int = Field(description="metres from the point searched around")


class PlacesOut(Envelope):
    data: list[PlaceOut] = Field(description="nearest first")


class AddressOut(Schema):
    address: str = Field(description="what a form's address field takes")
    province: str
    city: str
    district: str
    name: str = Field(description="the nearest known place, if any")
    location: str = Field(description="the point asked, lng,lat (6 decimals)")


class AddressAnswer(Envelope):
    data: AddressOut


class MapCenter(Schema):
    name: str = Field(description="the configured city's name, or 中国 when none is configured or known")
    longitude: float
    latitude: float
    zoom: float = Field(description="the zoom that shows the city (or the whole country)")


class MapBase(Schema):
    tile_url: str = Field(description="the configured tile address (CONSOLE_MAP_TILE_URL); empty: outlines only")
    provinces: dict[str, Any] = Field(description="the shipped province outlines, a GeoJSON FeatureCollection")
    center: MapCenter = Field(description="where the picker opens without a value: the city of the parameter "
                                          "biz.map.defaultCity (a region code), else the whole country")


class MapBaseOut(Envelope):
    data: MapBase
