"""Consult hospitals and doctors (issue 12 §3, spec 001 §2.14): the spec's calls on the resource declaration,
the hospital's area (a region code, shown with its path), the doctor's hospital checked, a hospital with
doctors kept, permissions."""

from __future__ import annotations

from core_api.consult.doctor.models import ConsultDoctor
from core_api.consult.hospital.models import ConsultHospital
from tests.conftest import OK
from tests.test_regions import FORBIDDEN, operator

HOSPITAL = {"name": "朝阳仁和医院", "level": "3A", "areaCode": "110105", "address": "工体南路8号",
            "phone": "010-85231000", "intro": "综合医院", "sort": 1}


async def hospital(admin, **extra) -> int:
    body = await admin.post("/admin/consult/hospital/edit", json={**HOSPITAL, **extra})
    assert body["code"] == 200, body
    return body["data"]["id"]


async def test_hospitals_are_created_edited_and_listed_with_the_area_path(admin):
    first = await hospital(admin)
    second = await hospital(admin, name="浦东安和医院", areaCode="310115005")
    listed = await admin.post("/admin/consult/hospital/list", json={"pageNum": 1, "pageSize": 10})
    assert listed["total"] == 2
    rows = {r["id"]: r for r in listed["rows"]}
    assert rows[first]["areaCodePath"] == "北京市/北京市/朝阳区"
    assert rows[second]["areaCodePath"] == "上海市/上海市/浦东新区/陆家嘴街道"
    edited = await admin.post("/admin/consult/hospital/edit", json={"id": first, **HOSPITAL, "level": "2A",
                                                                    "areaCode": "110108"})
    assert edited == {**OK, "data": {"id": first}}
    row = await ConsultHospital.get(id=first)
    assert (row.level, row.area_code) == ("2A", "110108")
    one = await admin.get(f"/admin/ConsultHospital/{first}")
    assert one["data"]["areaCodePath"] == "北京市/北京市/海淀区"
    only = await admin.post("/admin/consult/hospital/list", json={"areaCode": "110108"})
    assert [r["id"] for r in only["rows"]] == [first]
    # an area filter takes in every region under it: a province, a city, a district with its streets
    for area, ids in (("110000", [first]), ("310000", [second]), ("310100", [second]), ("310115", [second]),
                      ("310115005", [second]), ("120000", [])):
        within = await admin.post("/admin/consult/hospital/list", json={"areaCode": area})
        assert [r["id"] for r in within["rows"]] == ids, area
    bad = await admin.post("/admin/consult/hospital/list", json={"areaCode": "11%"})
    assert bad["code"] == 500 and "所在地区" in bad["msg"]


async def test_the_area_must_be_a_known_region_code(admin):
    for area, msg in (("990101", "所在地区：区域编码 990101 不存在"), ("1101", "所在地区格式不正确"),
                      ("110105x", "所在地区格式不正确"), ("", "所在地区长度不能少于1个字符")):
        body = await admin.post("/admin/consult/hospital/edit", json={**HOSPITAL, "areaCode": area})
        assert body["code"] == 500 and msg in body["msg"], (area, body)
    assert not await ConsultHospital.exists()
    bad_level = await admin.post("/admin/consult/hospital/edit", json={**HOSPITAL, "level": "9"})
    assert bad_level == {"code": 500, "msg": "医院等级的取值不正确"}
    unknown = await admin.post("/admin/consult/hospital/edit", json={**HOSPITAL, "beds": 500})
    assert unknown["code"] == 500 and "系统内部错误" not in unknown["msg"]
    await hospital(admin)
    twice = await admin.post("/admin/consult/hospital/edit", json=HOSPITAL)
    assert twice == {"code": 500, "msg": "已有同名医院"}


async def test_doctors_belong_to_an_existing_hospital(admin):
    hospital_id = await hospital(admin)
    doctor = {"name": "王建国", "hospitalId": hospital_id, "department": "内科", "title": "chief",
              "specialties": "高血压", "price": 9900, "online": "1"}
    created = await admin.post("/admin/consult/doctor/edit", json=doctor)
    assert created["code"] == 200
    doctor_id = created["data"]["id"]
    listed = await admin.post("/admin/consult/doctor/list", json={"name": "建国"})
    assert listed["total"] == 1
    assert (listed["rows"][0]["hospitalName"], listed["rows"][0]["price"]) == ("朝阳仁和医院", 9900)
    missing = await admin.post("/admin/consult/doctor/edit", json={**doctor, "hospitalId": 999})
    assert missing == {"code": 500, "msg": "所属医院 999 不存在"}
    moved = await admin.post("/admin/consult/doctor/edit", json={"id": doctor_id, **doctor, "hospitalId": 999})
    assert moved == {"code": 500, "msg": "所属医院 999 不存在"}
    for price in (-1, 1.5, "9.9", 10_000_001):
        bad = await admin.post("/admin/consult/doctor/edit", json={**doctor, "price": price})
        assert bad["code"] == 500 and "问诊价格" in bad["msg"], (price, bad)
    assert await ConsultDoctor.all().count() == 1
    bad_title = await admin.post("/admin/consult/doctor/edit", json={**doctor, "title": "神医"})
    assert bad_title == {"code": 500, "msg": "职称的取值不正确"}


async def test_a_hospital_with_doctors_is_not_deleted(admin):
    hospital_id = await hospital(admin)
    doctor = await admin.post("/admin/consult/doctor/edit", json={"name": "李丽华", "hospitalId": hospital_id})
    refused = await admin.delete(f"/admin/ConsultHospital/{hospital_id}")
    assert refused == {"code": 500, "msg": "医院“朝阳仁和医院”还有1名医生，请先删除或调走医生后再删除医院"}
    assert await ConsultHospital.exists()
    assert await admin.post("/admin/consult/doctor/delete", json={"id": doctor["data"]["id"]}) == OK
    assert await admin.post("/admin/consult/doctor/delete", json={"id": doctor["data"]["id"]}) == {
        "code": 404, "msg": "访问资源不存在"}
    assert not await ConsultDoctor.exists()
    assert await admin.delete(f"/admin/ConsultHospital/{hospital_id}") == OK
    assert not await ConsultHospital.exists()


async def test_permissions(admin):
    hospital_id = await hospital(admin)
    viewer = await operator(admin, "viewer", ("consult:hospital:list", "consult:doctor:list"))
    assert (await viewer.post("/admin/consult/hospital/list", json={}))["code"] == 200
    assert (await viewer.post("/admin/consult/doctor/list", json={}))["code"] == 200
    assert await viewer.post("/admin/consult/hospital/edit", json={**HOSPITAL, "name": "新医院"}) == FORBIDDEN
    doctor = {"name": "张伟", "hospitalId": hospital_id}
    assert await viewer.post("/admin/consult/doctor/edit", json=doctor) == FORBIDDEN
    assert await viewer.post("/admin/consult/doctor/delete", json={"id": 1}) == FORBIDDEN
    editor = await operator(admin, "editor", ("consult:hospital:edit",))
    refused = await editor.post("/admin/consult/hospital/edit", json={**HOSPITAL, "name": "新医院"})
    assert refused == {"code": 403, "msg": "当前操作没有权限"}  # editing is not creating
    assert (await editor.post("/admin/consult/hospital/edit", json={"id": hospital_id, **HOSPITAL}))["code"] == 200
    nobody = await operator(admin, "nobody", ("system:user:list",))
    assert await nobody.post("/admin/consult/hospital/list", json={}) == FORBIDDEN


async def test_the_screens_are_drawn_from_the_declarations(admin):
    meta = (await admin.get("/admin/resources/meta", params={"view": "consult/hospital/index"}))["data"]
    assert (meta["listPath"], meta["listMethod"]) == ("admin/consult/hospital/list", "POST")
    area = next(f for f in meta["fields"] if f["name"] == "areaCode")
    assert (area["kind"], area["label"], area["required"]) == ("area", "所在地区", True)
    doctors = (await admin.get("/admin/resources/meta", params={"view": "consult/doctor/index"}))["data"]
    assert next(f for f in doctors["fields"] if f["name"] == "price")["kind"] == "money"
