"""The regions are no demo data: the shipped dataset, loaded by seed. A demo database made without a seed
gets them here."""

from __future__ import annotations

from core_api.region.division.loader import ensure_regions


async def demo(ctx) -> None:
    await ensure_regions()
