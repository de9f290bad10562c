"""Nearby search, reverse geocoding and the map picker's base map, through the maps adapter
(core_api/platform/maps.py). The spec's ``{maps-service}`` segment is ``map``: the path names the console's
maps service, not a vendor, so it stays the same whichever provider the settings choose.

Who may call them: the map picker sits in the forms that take a location (hospital services, hospitals, shops)
and in the region screen, so any one of those screens' edit or list permissions lets an operator search."""

from __future__ import annotations

from functools import cache
from typing import Any

import orjson
from aiohttp import web
from pydantic import Field

from core_api.platform.api import Api
from core_api.platform.contract.region import AddressAnswer, MapBaseOut, PlacesOut
from core_api.platform.envelope import ok
from core_api.platform.maps import maps_of
from core_api.platform.schema import StrictSchema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CONFIG, SETTINGS
from core_api.region.place import local_maps  # noqa: F401 - registers the local maps
from core_api.region.place.boundaries import kept_bytes
from core_api.region.place.models import RegionPlace
from core_api.region.place.store import E6

MAP_USERS = any_perm("consult:service:edit", "consult:hospital:edit", "mall:shop:edit", "region:region:list")
api = Api("region-map")


class Point(StrictSchema):
    longitude: float = Field(ge=-180, le=180, allow_inf_nan=False, title="经度")
    latitude: float = Field(ge=-90, le=90, allow_inf_nan=False, title="纬度")


class AroundQuery(Point):
    keywords: str = Field("", max_length=50, title="关键字")
    page_no: int = Field(1, ge=1, le=100, title="页码")
    page_size: int = Field(10, ge=1, le=50, title="每页条数")


@api.get("/admin/region/v1/map_around", need=MAP_USERS, response=PlacesOut,
         summary="Nearby places: by keywords (in the name or address) and distance, nearest first")
async def around(request: web.Request, principal: Principal, query: AroundQuery) -> web.Response:
    keywords = " ".join(query.keywords.split())
    found = await maps_of(request.app).around(keywords, round(query.longitude, 6), round(query.latitude, 6),
                                              query.page_no, query.page_size)
    return ok(data=[p.out() for p in found])


@api.get("/admin/region/v1/map_regeo", need=MAP_USERS, response=AddressAnswer,
         summary="Reverse geocoding: the address of a point")
async def regeo(request: web.Request, principal: Principal, query: Point) -> web.Response:
    lng, lat = round(query.longitude, 6), round(query.latitude, 6)
    address = await maps_of(request.app).reverse_geocode(lng, lat)
    return ok(data={**address.out(), "location": f"{lng:.6f},{lat:.6f}"})


@cache
def _boundaries() -> dict[str, Any]:
    return orjson.loads(kept_bytes())


CITY_PARAMETER = "biz.map.defaultCity"
# the whole country: where the picker opens when no city is configured (or the code names no known division)
CHINA = {"name": "中国", "longitude": 104.195397, "latitude": 35.86166, "zoom": 3.2}
CITY_ZOOM = {2: 5.5, 4: 8.0, 6: 10.0}  # a province, a city (its borders in sight), a district; a street: 12


async def opening_center(code: str | None) -> dict[str, Any]:
    """The configured division's centre (the places index holds every division's), at a zoom that shows it."""
    text = (code or "").strip()
    if not text.isdigit() or len(text) > 12:
        return CHINA
    place = await RegionPlace.filter(kind="region", ref_id=int(text)).first()
    if place is None:
        return CHINA
    significant = len(text.rstrip("0"))
    zoom = CITY_ZOOM.get(significant + significant % 2, 12.0)
    return {"name": place.name, "longitude": place.lng_e6 / E6, "latitude": place.lat_e6 / E6, "zoom": zoom}


@api.get("/admin/region/v1/map_base", need=MAP_USERS, response=MapBaseOut,
         summary="The map picker's base map: the shipped province outlines, the configured tile address and the "
                 "configured city it opens on")
async def map_base(request: web.Request, principal: Principal) -> web.Response:
    center = await opening_center(await request.app[CONFIG].get(CITY_PARAMETER))
    return ok(data={"tileUrl": request.app[SETTINGS].map_tile_url, "provinces": _boundaries(), "center": center})
