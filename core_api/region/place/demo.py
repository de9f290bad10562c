"""The places index starts with the provinces' centres (the services' own places come with their demo)."""

from __future__ import annotations

from core_api.region.place.boundaries import provinces
from core_api.region.place.models import RegionPlace
from core_api.region.place.store import to_e6


async def demo(ctx) -> None:
    if await RegionPlace.filter(kind="region").exists():
        return
    await ctx.insert(RegionPlace, [{"kind": "region", "ref_id": p.code, "name": p.name, "address": p.name,
                                    "lng_e6": to_e6(p.capital[0]), "lat_e6": to_e6(p.capital[1]),
                                    "update_time": ctx.now} for p in provinces()])
