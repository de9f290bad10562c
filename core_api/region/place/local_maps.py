"""The maps of ``CONSOLE_MAPS_PROVIDER=local`` (the default): nearby search and reverse geocoding answered from the
console's places index and the shipped province outlines, without a map service. Registered with the platform's
maps adapter (core_api/platform/maps.py) when imported."""

from __future__ import annotations

from core_api.platform import maps
from core_api.platform.maps import Address, Place, location
from core_api.region.place.boundaries import province_at
from core_api.region.place.store import nearby, nearest, nearest_division


class LocalMaps:
    """The console's own places: by name and distance; a point's address from its nearest place (within
    ``near_m``) and the province outline that holds it."""

    def __init__(self, near_m: float = 300.0, division_m: float = 60_000.0) -> None:
        self.near_m = near_m
        self.division_m = division_m

    async def around(self, keywords: str, lng: float, lat: float, page_no: int, page_size: int) -> list[Place]:
        found = await nearby(keywords, lng, lat, (page_no - 1) * page_size, page_size)
        return [Place(f"{f.kind}-{f.ref_id}", f.name, location(f.lng, f.lat), f.address, f.distance) for f in found]

    async def reverse_geocode(self, lng: float, lat: float) -> Address:
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


maps.LOCAL[:] = [LocalMaps]
