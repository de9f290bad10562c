"""The places index: what other features call when they save or delete a record with a location, and the two
searches of the local maps service (nearby by name and distance, the nearest place to a point).

A nearby search never scans the table: it looks in a bounding box around the point (the (lat_e6, lng_e6) index)
that widens step by step (from 3 km, or 30 km with keywords) until the page is full, ordered in SQL by an
equirectangular distance (exact enough to order places within a few hundred kilometres; the distance answered
is the haversine one)."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from tortoise import connections
from tortoise.transactions import in_transaction

from core_api.region.place.models import RegionPlace

Kind = Literal["shop", "hospital", "service", "region", "landmark"]
E6 = 1_000_000
EARTH_M = 6_371_008.8
# The radii (metres) a search widens through; the last one covers the whole earth.
RADII = (3_000, 30_000, 300_000, 3_000_000, 25_000_000)


def to_e6(degrees: float) -> int:
    return round(degrees * E6)


def haversine_m(lng1: float, lat1: float, lng2: float, lat2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_M * math.asin(min(1.0, math.sqrt(a)))


async def upsert_place(kind: Kind, ref_id: int, name: str, address: str, lng: float | None, lat: float | None
                       ) -> None:
    """Records (or moves) the place of a record; a record without a location has no place."""
    if lng is None or lat is None:
        await remove_place(kind, ref_id)
        return
    values: dict[str, Any] = {"name": name[:100], "address": (address or "")[:255], "lng_e6": to_e6(lng),
                              "lat_e6": to_e6(lat)}
    if not await RegionPlace.filter(kind=kind, ref_id=ref_id).update(**values):
        await RegionPlace.create(kind=kind, ref_id=ref_id, **values)


async def remove_place(kind: Kind, ref_id: int) -> None:
    await RegionPlace.filter(kind=kind, ref_id=ref_id).delete()


@dataclass(frozen=True)
class Found:
    id: int
    kind: str
    ref_id: int
    name: str
    address: str
    lng: float
    lat: float
    distance: int  # metres


def _box(lng: float, lat: float, radius: float) -> tuple[int, int, int, int]:
    dlat = math.degrees(radius / EARTH_M)
    cos = max(math.cos(math.radians(min(abs(lat) + dlat, 89.9))), 1e-6)
    dlng = min(180.0, math.degrees(radius / EARTH_M) / cos)
    return to_e6(max(-90, lat - dlat)), to_e6(min(90, lat + dlat)), to_e6(lng - dlng), to_e6(lng + dlng)


def _like(keywords: str) -> str:
    escaped = keywords.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


Run = Callable[[str, list[object]], Awaitable[list[dict[str, Any]]]]


Among = Literal["all", "places", "regions"]  # every place; all but the divisions' centres; only those


def nearby_sql(postgres: bool, keywords: str, lng: float, lat: float, radius: float, offset: int, limit: int,
               among: Among = "all") -> tuple[str, list[object]]:
    """One step of a nearby search: the places in the box of ``radius`` around the point, nearest first."""
    lat0, lat1, lng0, lng1 = _box(lng, lat, radius)
    where = ["lat_e6 BETWEEN {} AND {}"]
    args: list[object] = [lat0, lat1]
    if among != "all":
        where.append("kind = {}" if among == "regions" else "kind <> {}")
        args.append("region")
    if not (lng0 < -180 * E6 or lng1 > 180 * E6 or radius == RADII[-1]):  # else: across the antimeridian
        where.append("lng_e6 BETWEEN {} AND {}")
        args += [lng0, lng1]
    if keywords:
        where.append("(name LIKE {} ESCAPE '\\' OR address LIKE {} ESCAPE '\\')")
        args += [_like(keywords), _like(keywords)]
    # squared equirectangular distance in micro-degrees, in floating point (an integer square overflows
    # PostgreSQL's int4); the point is a parameter too, so a statement is prepared once per connection
    k = math.cos(math.radians(lat)) ** 2
    dx, dy = "CAST(lng_e6 - {} AS DOUBLE PRECISION)", "CAST(lat_e6 - {} AS DOUBLE PRECISION)"
    order = f"({dx} * {dx} * CAST({{}} AS DOUBLE PRECISION) + {dy} * {dy})"
    args += [to_e6(lng), to_e6(lng), k, to_e6(lat), to_e6(lat)]
    marks = [f"${i}" for i in range(1, len(args) + 3)] if postgres else ["?"] * (len(args) + 2)
    sql = (f"SELECT id, kind, ref_id, name, address, lng_e6, lat_e6 FROM region_place "  # noqa: S608 - constants
           f"WHERE {' AND '.join(where)} ORDER BY {order}, id LIMIT {{}} OFFSET {{}}").format(*marks)
    return sql, [*args, limit, offset]


async def nearby(keywords: str, lng: float, lat: float, offset: int, limit: int, run: Run | None = None
                 ) -> list[Found]:
    """Places whose name or address holds the keywords (all places without keywords), nearest first. ``run``
    executes a statement (default: the ORM's connection; the benchmark passes asyncpg's)."""
    postgres = True
    if run is None:
        conn = connections.get("default")
        postgres = conn.capabilities.dialect == "postgres"
        run = conn.execute_query_dict
    # the divisions' centres are found by their names only: around a point without keywords, the places near
    # it are what a picker lists, not the district it lies in
    among: Among = "all" if keywords else "places"
    # a keyword thins the places out: its search starts at a city's size, not a neighbourhood's
    for radius in RADII[1:] if keywords else RADII:
        sql, args = nearby_sql(postgres, keywords, lng, lat, radius, offset, limit, among)
        found = [_found(r, lng, lat) for r in await run(sql, args)]
        # a full page all within the circle the box holds is the true nearest page; else the box widens
        if radius == RADII[-1] or (len(found) == limit and found[-1].distance <= radius):
            return found
    return []


def _found(r: dict, lng: float, lat: float) -> Found:
    plng, plat = r["lng_e6"] / E6, r["lat_e6"] / E6
    return Found(int(r["id"]), r["kind"], int(r["ref_id"]), r["name"], r["address"], plng, plat,
                 round(haversine_m(lng, lat, plng, plat)))


async def nearest(lng: float, lat: float, within_m: float) -> Found | None:
    """The closest place of ours (not a division's centre) within ``within_m`` metres."""
    conn = connections.get("default")
    sql, args = nearby_sql(conn.capabilities.dialect == "postgres", "", lng, lat, within_m, 0, 1, "places")
    found = [_found(r, lng, lat) for r in await conn.execute_query_dict(sql, args)]
    return found[0] if found and found[0].distance <= within_m else None


async def nearest_division(lng: float, lat: float, within_m: float) -> list[str]:
    """The path (province, city, district) of the division a point most likely lies in: among the twenty
    division centres nearest to it, the nearest district's, else the nearest city's, else the province's (a
    province's centre is often nearer than any of its districts'). Empty when none is within ``within_m``."""
    conn = connections.get("default")
    sql, args = nearby_sql(conn.capabilities.dialect == "postgres", "", lng, lat, within_m, 0, 20, "regions")
    found = [f for f in (_found(r, lng, lat) for r in await conn.execute_query_dict(sql, args))
             if f.distance <= within_m]
    paths = [f.address.split("/") for f in found]  # nearest first
    return max(paths, key=len, default=[])  # the first of the longest: the nearest district


async def load_region_places() -> int:
    """The centres of the administrative divisions the region table knows one for (provinces, cities and
    districts, core_api/region/division) as ``region`` places keyed by their GB/T 2260 code, so that a search
    for 朝阳区 finds both; the provinces' capitals from the shipped outlines where the table gives none. Run
    again it adds nothing and moves nothing unless the dataset changed; answers how many places were new."""
    from core_api.region.division.models import Region
    from core_api.region.place.boundaries import provinces

    rows = await Region.filter(lng__not_isnull=True, lat__not_isnull=True).values("code", "name", "path", "lng", "lat")
    wanted = {int(r["code"]): (r["name"], r["path"], float(r["lng"]), float(r["lat"])) for r in rows}
    for p in provinces():
        wanted.setdefault(p.code, (p.name, p.name, p.capital[0], p.capital[1]))
    have = {r["ref_id"]: r for r in await RegionPlace.filter(kind="region").values("id", "ref_id", "lng_e6",
                                                                                    "lat_e6", "address")}
    fresh, moved = [], []
    for code, (name, path, lng, lat) in wanted.items():
        row = have.get(code)
        if row is None:
            fresh.append(RegionPlace(kind="region", ref_id=code, name=name, address=path, lng_e6=to_e6(lng),
                                     lat_e6=to_e6(lat)))
        elif (row["lng_e6"], row["lat_e6"], row["address"]) != (to_e6(lng), to_e6(lat), path):
            moved.append((row["id"], name, path, lng, lat))
    gone = [r["id"] for code, r in have.items() if code not in wanted]
    async with in_transaction():
        if gone:
            await RegionPlace.filter(id__in=gone).delete()
        for place_id, name, path, lng, lat in moved:
            await RegionPlace.filter(id=place_id).update(name=name, address=path, lng_e6=to_e6(lng), lat_e6=to_e6(lat))
        await RegionPlace.bulk_create(fresh, batch_size=1000)
    return len(fresh)

