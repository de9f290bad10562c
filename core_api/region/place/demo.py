"""The places index holds no demo rows of its own: the divisions' centres are reference rows the seed loads
(a demo reset keeps them) and the hospital services' places come with their demo. A database that lost the
centres gets them back here."""

from __future__ import annotations

from core_api.region.place.store import load_region_places


async def demo(ctx) -> None:
    await load_region_places()
