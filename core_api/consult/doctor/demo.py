"""Demo consult doctors spread over the demo hospitals, with their titles, departments and prices in fen."""

from __future__ import annotations

from core_api.consult.doctor.models import ConsultDoctor
from core_api.consult.hospital.models import ConsultHospital

SURNAMES = "王李张刘陈杨赵黄周吴徐孙马朱胡郭何林"
GIVEN = ["建国", "丽华", "志强", "敏", "海涛", "晓燕", "伟", "静", "子涵", "文博"]
DEPARTMENTS = [("内科", "高血压、糖尿病等慢性病管理"), ("儿科", "小儿呼吸道感染、发热"),
               ("皮肤科", "湿疹、痤疮、过敏性皮炎"),
               ("妇产科", "孕期保健、月经不调"), ("骨科", "颈肩腰腿痛、运动损伤"), ("心理科", "焦虑、失眠、抑郁情绪")]
TITLES = [("chief", 9900), ("associate", 5900), ("attending", 2900), ("resident", 990)]


async def demo(ctx) -> None:
    if await ConsultDoctor.exists():
        return
    hospitals = await ConsultHospital.all().order_by("id").values_list("id", flat=True)
    if not hospitals:
        return
    rng, rows = ctx.rng, []
    for i in range(ctx.size("consult_doctors", 24)):
        department, specialties = rng.choice(DEPARTMENTS)
        title, price = rng.choice(TITLES)
        rows.append({"name": rng.choice(SURNAMES) + rng.choice(GIVEN), "hospital_id": hospitals[i % len(hospitals)],
                     "department": department, "title": title, "specialties": specialties,
                     "intro": f"从事{department}临床工作多年，擅长{specialties}。", "price": price,
                     "online": rng.choice("01"), "sort": i, "create_by": "admin", "create_time": ctx.moment()})
    await ctx.insert(ConsultDoctor, rows)
