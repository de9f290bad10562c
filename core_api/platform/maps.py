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


class LocalMaps:
    """The console's own places: by name and distance; a point's address from its nearest place (within
    ``near_m``) and the province outline that holds it."""

    def __init__(self, near_m: float = 300.0, division_m: float = 60_000.0) -> None:
        self.near_m = near_m
        self.division_m = division_m

    async def around(self, keywords: str, lng: float, lat: float, page_no: int, page_size: int) -> list[Place]:
        from core_api.region.place.store import nearby

        found = await nearby(keywords, lng, lat, (page_no - 1) * page_size, page_size)
        return [Place(f"{f.kind}-{f.ref_id}", f.name, location(f.lng, f.lat), f.address, f.distance) for f in found]

    async def reverse_geocode(self, lng: float, lat: float) -> Address:
        from core_api.region.place.boundaries import province_at
        from core_api.region.place.store import nearest, nearest_division

        province = province_at(lng, lat)
        place = await nearest(lng, lat, self.near_m)
        # the district (or city) whose centre is nearest, inside the province the outlines say holds the point
        province_name = province.name if province is not None else ""
        parts = await nearest_division(lng, lat, self.division_m) if province is not None else []
        if not parts or parts[0] != province_name:
            parts = [province_name] if province_name else []
        levels = {"province": parts[0] if parts else "", "city": parts[1] if len(parts) > 1 else "",
                  "district": parts[2] if len(parts) > 2 else ""}
        if place is not None:
            text = place.address or place.name
            if place.address and place.name not in place.address:
                text = f"{place.address}（{place.name}附近）"
            return Address(text, **levels, name=place.name)
        if parts:
            area = "".join(dict.fromkeys(parts))  # 北京市/北京市/朝阳区 reads 北京市朝阳区
            return Address(f"{area}（{lng:.6f},{lat:.6f}）", **levels)
        return Address(f"未知地点（{lng:.6f},{lat:.6f}）")


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
    return LocalMaps()


_MADE: dict[tuple[Any, ...], Maps] = {}


def maps_of(app: web.Application) -> Maps:
    """The maps service the app's settings name (made once per distinct configuration)."""
    from core_api.platform.state import SETTINGS

    s = app[SETTINGS]
    wanted = (s.maps_provider, s.maps_http_url, s.maps_key, s.maps_secret, s.maps_timeout_seconds)
    if wanted not in _MADE:
        _MADE[wanted] = make_maps(*wanted)
    return _MADE[wanted]
