"""The places index starts with the provinces' centres (the services' own places come with their demo)."""

from __future__ import annotations

from core_api.region.place.store import load_region_places


async def demo(ctx) -> None:
    await load_region_places()
