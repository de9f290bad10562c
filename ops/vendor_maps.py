"""Builds the map picker's city outlines from a kept registry package.

    .venv/bin/python -m ops.vendor_maps

npm ``echarts@4.9.0`` (Apache-2.0) ships ``map/json/china-cities.json``: the 367 prefecture-level cities of
China (GB/T 2260 code, short name), their outlines in ECharts' compressed encoding (the one
core_api/region/place/boundaries.py decodes for the provinces). Decoded, the outlines hold 551,000 points
(10 MB of GeoJSON), far more than a picker needs under a zoom-16 view of streets: each ring is simplified
(Douglas-Peucker, 0.005°, about 500 m), islands under 0.001 square degrees are dropped (a city keeps its
largest ring) and coordinates keep 3 decimals, which gives about 1.9 MB. Written to
``web/public/maps/china-cities.json`` (served as a static file; the picker's MapLibre fetches it itself) with
the package's licence notice beside it. The provinces stay where they are (core_api/region/place/).
"""

from __future__ import annotations

import json
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import orjson

from core_api.region.place.boundaries import decode_ring

NPM_PACKAGE = "echarts@4.9.0"
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "web" / "public" / "maps" / "china-cities.json"
TOLERANCE = 0.005  # degrees
MIN_AREA = 0.001  # square degrees


def simplify(ring: list[list[float]], tolerance: float) -> list[list[float]]:
    """Douglas-Peucker: the points a ring cannot lose without moving more than ``tolerance`` (iterative)."""
    n = len(ring)
    if n <= 4:
        return ring
    keep = [False] * n
    keep[0] = keep[-1] = True
    stack, limit = [(0, n - 1)], tolerance * tolerance
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = ring[a], ring[b]
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        worst, at = -1.0, -1
        for i in range(a + 1, b):
            px, py = ring[i]
            t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
            d = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2
            if d > worst:
                worst, at = d, i
        if worst > limit:
            keep[at] = True
            stack += [(a, at), (at, b)]
    return [p for p, k in zip(ring, keep, strict=True) if k]


def area(ring: list[list[float]]) -> float:
    return abs(sum(ring[i][0] * ring[i - 1][1] - ring[i - 1][0] * ring[i][1] for i in range(len(ring)))) / 2


def build(source: dict[str, Any]) -> dict[str, Any]:
    features = []
    for f in source["features"]:
        g = f["geometry"]
        shapes = ([list(zip(g["coordinates"], g["encodeOffsets"], strict=True))] if g["type"] == "Polygon" else
                  [list(zip(rs, os, strict=True)) for rs, os in zip(g["coordinates"], g["encodeOffsets"], strict=True)])
        decoded = [[decode_ring(r, o) for r, o in shape] for shape in shapes]
        polygons = []
        for rings in decoded:
            kept = [[[round(x, 3), round(y, 3)] for x, y in simplify(r, TOLERANCE)] for r in rings]
            kept = [r for r in kept if len(r) >= 4 and area(r) >= MIN_AREA]
            if kept:
                polygons.append(kept)
        if not polygons:  # a small city: its largest ring, simplified
            largest = max((r for rings in decoded for r in rings), key=area)
            polygons = [[[[round(x, 3), round(y, 3)] for x, y in simplify(largest, TOLERANCE)]]]
        features.append({"type": "Feature", "properties": {"code": int(f["id"]), "name": f["properties"]["name"]},
                         "geometry": {"type": "MultiPolygon", "coordinates": polygons}})
    return {"type": "FeatureCollection", "features": features}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", NPM_PACKAGE, "--pack-destination", tmp, "--silent"], check=True,
                       stdout=subprocess.DEVNULL)
        (archive,) = Path(tmp).glob("echarts-*.tgz")
        with tarfile.open(archive) as tar:
            member = tar.extractfile("package/map/json/china-cities.json")
            notice = tar.extractfile("package/LICENSE")
            assert member is not None and notice is not None
            source, licence = json.loads(member.read()), notice.read()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(orjson.dumps(build(source)) + b"\n")
    (OUT.parent / "LICENSE-echarts.txt").write_bytes(licence)
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
