"""Demo hospital services around a few city centres, each with its place in the places index."""

from __future__ import annotations

from core_api.consult.hospital.models import ConsultHospital
from core_api.consult.service.models import ConsultService
from core_api.region.place.models import RegionPlace
from core_api.region.place.store import to_e6

SITES = [("北京市东城区王府井大街1号", 116.410886, 39.913994), ("上海市黄浦区南京东路100号", 121.484443, 31.238109),
         ("广州市越秀区中山五路2号", 113.264385, 23.129112), ("成都市锦江区春熙路8号", 104.080989, 30.657689),
         ("杭州市上城区延安路20号", 120.165, 30.255)]
NAMES = ["专家门诊", "体检套餐", "上门护理", "康复理疗", "口腔检查", "在线复诊"]
TYPES = ["hospital", "hospital", "visit", "hospital", "hospital", "online"]


async def demo(ctx) -> None:
    if await ConsultService.exists():
        return
    rng = ctx.rng
    hospitals = list(await ConsultHospital.all().order_by("id").values_list("id", flat=True))  # their demo ran first
    rows = []
    for i in range(ctx.size("consult_services", 12)):
        address, lng, lat = SITES[i % len(SITES)]
        name = NAMES[i % len(NAMES)]
        kind = TYPES[i % len(TYPES)]
        rows.append({"name": name, "service_type": kind,
                     "hospital_id": hospitals[i % len(hospitals)] if hospitals and kind == "hospital" else None,
                     "price": rng.randint(50, 800) * 100,
                     "duration": rng.choice([15, 30, 60]), "address": address,
                     "longitude": round(lng + rng.uniform(-0.01, 0.01), 6),
                     "latitude": round(lat + rng.uniform(-0.01, 0.01), 6), "phone": f"010-6512{i:04d}",
                     "intro": f"{name}，预约后按时到达。", "sort": i, "create_by": "admin", "create_time": ctx.now})
    await ctx.insert(ConsultService, rows)  # gives each row its id
    await ctx.insert(RegionPlace, [{"kind": "service", "ref_id": r["id"], "name": r["name"], "address": r["address"],
                                    "lng_e6": to_e6(r["longitude"]), "lat_e6": to_e6(r["latitude"]),
                                    "update_time": ctx.now} for r in rows])
