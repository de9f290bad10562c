"""Demo hospitals: real-looking names in a few cities, each with an area from the region table."""

from __future__ import annotations

from core_api.consult.hospital.models import ConsultHospital

HOSPITALS = [
    ("朝阳仁和医院", "3A", "110105", "工体南路8号", "010-85231000"),
    ("海淀康宁医院", "3B", "110108", "中关村南大街29号", "010-62150000"),
    ("浦东安和医院", "3A", "310115", "张杨路1630号", "021-58752345"),
    ("天河中山医院", "2A", "440106", "天河路600号", "020-85252000"),
    ("武侯华西社区医院", "2B", "510107", "人民南路四段12号", "028-85501234"),
    ("西湖邵医门诊部", "1", "330106", "文三路88号", "0571-86006000"),
]


async def demo(ctx) -> None:
    if await ConsultHospital.exists():
        return
    rows = [{"name": name, "level": level, "area_code": area, "address": address, "phone": phone,
             "intro": f"{name}是一所提供线上问诊服务的综合性医疗机构。", "sort": i,
             "create_by": "admin", "create_time": ctx.moment()} for i, (name, level, area, address, phone)
            in enumerate(HOSPITALS)]
    await ctx.insert(ConsultHospital, rows)
