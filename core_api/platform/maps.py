"""Maps adapter: nearby places around a point and the address of a point (reverse geocoding).

``local`` (the default) answers from the console's own places index (core_api/region/place: shops, hospitals,
hospital services and the provinces' centres) and the province outlines it ships; it needs no network.
``http`` asks a real maps service shaped like AMap's / Tencent's web services:

- ``GET {url}/place/around?key=K&keywords=&location=lng,lat&page_num=&page_size=&sig=S`` answers
  ``{"status": "1", "info": "OK", "pois": [{"id", "name", "location": "lng,lat", "address", "distance"}]}``
- ``GET {url}/geocode/regeo?key=K&location=lng,lat&sig=S`` answers
  ``{"status": "1", "info": "OK", "regeocode": {"formatted_address", "addressComponent": {"province", "city",
  "district"}}}``

``sig`` is md5 of the query string sorted by name plus the secret (AMap's digital signature), sent only when a
secret is configured. A status other than "1", an HTTP error, a malformed body or a timeout becomes a Chinese
message; the key and the secret never reach the browser or a log line."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlencode

import aiohttp
from aiohttp import web

from core_api.platform.errors import ServiceError

log = logging.getLogger("console.maps")
UNAVAILABLE = "地图服务暂时不可用，请稍后再试"


@dataclass(frozen=True)
class Place:
    id: str
    name: str
    location: str  # "lng,lat", 6 decimals
    address: str
    distance: int  # metres from the point searched around

    def out(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "location": self.location, "address": self.address,
                "distance": self.distance}


@dataclass(frozen=True)
class Address:
    address: str  # what a form's address field takes
    province: str = ""
    city: str = ""
    district: str = ""
    name: str = ""  # the nearest known place, if any

    def out(self) -> dict[str, Any]:
        return {"address": self.address, "province": self.province, "city": self.city, "district": self.district,
                "name": self.name}


def location(lng: float, lat: float) -> str:
    return f"{lng:.6f},{lat:.6f}"


class Maps(Protocol):
    async def around(self, keywords: str, lng: float, lat: float, page_no: int, page_size: int) -> list[Place]: ...

    async def reverse_geocode(self, lng: float, lat: float) -> Address: ...


# The maps that answer from the console's own places and outlines (``CONSOLE_MAPS_PROVIDER=local``): set by
# core_api.region.place.local_maps, which owns the places index (the platform knows no regions).
LOCAL: list[Callable[[], Maps]] = []


class HttpMaps:
    def __init__(self, url: str, key: str, secret: str = "", timeout: float = 5.0) -> None:
        self.url = url.rstrip("/")
        self.key = key
        self.secret = secret
        self.timeout = aiohttp.ClientTimeout(total=timeout)

    def signed(self, params: dict[str, str]) -> str:
        params = {**params, "key": self.key}
        query = urlencode(sorted(params.items()))
        if self.secret:
            plain = "&".join(f"{k}={v}" for k, v in sorted(params.items())) + self.secret
            query += "&sig=" + hashlib.md5(plain.encode()).hexdigest()  # noqa: S324 - the provider's scheme
        return query

    async def _get(self, path: str, params: dict[str, str]) -> dict[str, Any]:
        try:
            async with aiohttp.ClientSession(timeout=self.timeout) as session:
                async with session.get(f"{self.url}{path}?{self.signed(params)}") as r:
                    if r.status >= 300:
                        log.error("maps service %s answered HTTP %s", path, r.status)
                        raise ServiceError(UNAVAILABLE)
                    body = await r.json(content_type=None)
        except TimeoutError:
            log.error("maps service %s timed out", path)
            raise ServiceError("地图服务响应超时，请稍后再试") from None
        except (aiohttp.ClientError, ValueError) as exc:
            log.error("maps service %s failed: %s", path, type(exc).__name__)
            raise ServiceError(UNAVAILABLE) from None
        if not isinstance(body, dict):
            raise ServiceError(UNAVAILABLE)
        if str(body.get("status")) != "1":
            info = str(body.get("info") or "")[:60]
            log.error("maps service %s refused: %s", path, info)
            if "KEY" in info.upper():
                raise ServiceError("地图服务密钥无效，请联系管理员检查配置")
            if "LIMIT" in info.upper() or "QUOTA" in info.upper():
                raise ServiceError("地图服务调用次数已达上限，请稍后再试")
            raise ServiceError(f"地图服务返回错误：{info or '未知错误'}")
        return body

    async def around(self, keywords: str, lng: float, lat: float, page_no: int, page_size: int) -> list[Place]:
        body = await self._get("/place/around", {"keywords": keywords, "location": location(lng, lat),
                                                 "page_num": str(page_no), "page_size": str(page_size)})
        out = []
        try:
            for poi in body.get("pois") or []:
                plng, plat = (float(v) for v in str(poi["location"]).split(","))
                out.append(Place(str(poi.get("id", "")), str(poi.get("name", "")), location(plng, plat),
                                 str(poi.get("address") or ""), int(float(poi.get("distance") or 0))))
        except (KeyError, ValueError, TypeError, AttributeError):
            raise ServiceError("地图服务返回的数据格式不正确") from None
        return out

    async def reverse_geocode(self, lng: float, lat: float) -> Address:
        body = await self._get("/geocode/regeo", {"location": location(lng, lat)})
        geo = body.get("regeocode")
        if not isinstance(geo, dict) or not isinstance(geo.get("formatted_address"), str):
            raise ServiceError("地图服务返回的数据格式不正确")
        found = geo.get("addressComponent")
        parts: dict[str, Any] = found if isinstance(found, dict) else {}

        def text(name: str) -> str:
            value = parts.get(name)
            return value if isinstance(value, str) else ""  # AMap answers [] for an empty part

        return Address(geo["formatted_address"], text("province"), text("city"), text("district"))


def make_maps(provider: str, url: str = "", key: str = "", secret: str = "", timeout: float = 5.0) -> Maps:
    if provider == "http":
        if not url or not key:
            raise ValueError("CONSOLE_MAPS_HTTP_URL and CONSOLE_MAPS_KEY are required when CONSOLE_MAPS_PROVIDER=http")
        return HttpMaps(url, key, secret, timeout)
    if not LOCAL:
        raise RuntimeError("no local maps are registered (core_api.region.place.local_maps)")
    return LOCAL[0]()


_MADE: dict[tuple[Any, ...], Maps] = {}


def maps_of(app: web.Application) -> Maps:
    """The maps service the app's settings name (made once per distinct configuration)."""
    from core_api.platform.state import SETTINGS

    s = app[SETTINGS]
    wanted = (s.maps_provider, s.maps_http_url, s.maps_key, s.maps_secret, s.maps_timeout_seconds)
    if wanted not in _MADE:
        _MADE[wanted] = make_maps(*wanted)
    return _MADE[wanted]
