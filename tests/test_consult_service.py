"""Hospital services (issue 12 §3): the spec's list, edit and delete calls on the declaration, a map-picked
location validated and kept to 6 decimals, and the service's place in the places index kept in step."""

from __future__ import annotations

from core_api.consult.service.models import ConsultService
from core_api.region.place.models import RegionPlace
from tests.test_escalation import make_role, make_user, sign_in

S = {"name": "专家门诊", "serviceType": "hospital", "price": 15000, "duration": 30,
     "address": "北京市东城区帅府园1号", "longitude": 116.41712345678, "latitude": 39.9130004999}


async def test_spec_calls_and_the_place_follow_the_service(admin):
    added = await admin.post("/admin/service/edit", json=S)
    assert added["code"] == 200, added
    sid = added["data"]["id"]
    row = await ConsultService.get(id=sid)
    assert (row.longitude, row.latitude, row.price) == (116.417123, 39.913, 15000)
    place = await RegionPlace.get(kind="service", ref_id=sid)
    assert (place.name, place.address, place.lng_e6, place.lat_e6) == ("专家门诊", S["address"], 116417123, 39913000)
    found = await admin.get("/admin/region/v1/map_around", params={"keywords": "专家", "longitude": 116.4,
                                                                   "latitude": 39.9})
    assert [(p["id"], p["location"]) for p in found["data"]] == [(f"service-{sid}", "116.417123,39.913000")]

    moved = await admin.post("/admin/service/edit", json={"id": sid, "name": "专家门诊（东院）",
                                                          "serviceType": "hospital", "price": 16000,
                                                          "address": "北京市西城区大栅栏街", "longitude": 116.393,
                                                          "latitude": 39.897})
    assert moved == {"code": 200, "msg": "操作成功", "data": {"id": sid}}
    place = await RegionPlace.get(kind="service", ref_id=sid)
    assert (place.name, place.address, place.lng_e6) == ("专家门诊（东院）", "北京市西城区大栅栏街", 116393000)

    listed = await admin.post("/admin/service/list", json={"name": "东院", "pageNum": 1, "pageSize": 10})
    assert listed["code"] == 200 and listed["total"] == 1
    assert (listed["rows"][0]["address"], listed["rows"][0]["longitude"]) == ("北京市西城区大栅栏街", 116.393)

    # the declaration's own calls keep the place too
    via_put = await admin.put("/admin/ConsultService", json={"id": sid, "name": "专家门诊", "serviceType": "hospital",
                                                             "price": 16000, "longitude": 116.5, "latitude": 39.95})
    assert via_put["code"] == 200, via_put
    assert (await RegionPlace.get(kind="service", ref_id=sid)).lng_e6 == 116_500_000

    assert await admin.post("/admin/service/delete", json={"id": sid}) == {"code": 200, "msg": "操作成功"}
    assert not await ConsultService.exists() and not await RegionPlace.filter(kind="service").exists()
    assert (await admin.post("/admin/service/delete", json={"id": sid}))["code"] == 404


async def test_a_service_without_a_location_has_no_place(admin):
    added = await admin.post("/admin/ConsultService", json={**S, "longitude": None, "latitude": None})
    assert added["code"] == 200, added
    assert not await RegionPlace.filter(kind="service").exists()
    assert (await admin.delete(f"/admin/ConsultService/{added['data']['id']}"))["code"] == 200


async def test_bad_input_changes_nothing(admin):
    cases = [
        ({**S, "longitude": 180.5}, "经度"),
        ({**S, "latitude": -90.01}, "纬度"),
        ({**S, "longitude": "east"}, "经度"),
        ({**S, "latitude": None}, "经度和纬度必须同时填写"),
        ({**S, "serviceType": "magic"}, "服务类型的取值不正确"),
        ({**S, "price": -1}, "价格"),
        ({**S, "name": ""}, "服务名称"),
        ({**S, "hack": 1}, "hack"),
        ({**S, "id": 999}, "不存在"),
    ]
    for body, msg in cases:
        answer = await admin.post("/admin/service/edit", json=body)
        assert answer["code"] != 200 and msg in answer["msg"], (body, answer)
    assert (await admin.post("/admin/service/delete", json={"id": "x"}))["code"] != 200
    assert not await ConsultService.exists() and not await RegionPlace.exclude(kind="region").exists()


async def test_permissions(admin):
    sid = (await admin.post("/admin/service/edit", json=S))["data"]["id"]
    role = await make_role(admin, "svc_viewer", ("consult:service:list", "consult:service:query"))
    await make_user(admin, "svc_viewer", None, [role.role_id])
    viewer = await sign_in(admin, "svc_viewer")
    assert (await viewer.post("/admin/service/list", json={}))["code"] == 200
    assert (await viewer.post("/admin/service/edit", json={**S, "id": sid, "name": "改"}))["code"] == 403
    assert (await viewer.post("/admin/service/delete", json={"id": sid}))["code"] == 403
    assert (await viewer.post("/admin/ConsultService", json=S))["code"] == 403
    assert (await ConsultService.get(id=sid)).name == "专家门诊"
    editor_role = await make_role(admin, "svc_editor", ("consult:service:list", "consult:service:edit"))
    await make_user(admin, "svc_editor", None, [editor_role.role_id])
    editor = await sign_in(admin, "svc_editor")
    assert (await editor.post("/admin/ConsultService", json=S))["code"] == 200  # the one edit permission creates
    assert (await editor.post("/admin/service/delete", json={"id": sid}))["code"] == 403


async def test_a_service_names_an_existing_hospital_which_then_cannot_be_deleted(admin):
    from core_api.consult.hospital.models import ConsultHospital

    hospital = await ConsultHospital.create(name="协和医院", level="3A", address="帅府园1号", create_by="admin")
    missing = await admin.post("/admin/service/edit", json={**S, "hospitalId": hospital.id + 100})
    assert missing["code"] == 500 and missing["msg"] == f"所属医院 {hospital.id + 100} 不存在"
    assert not await ConsultService.exists()
    sid = (await admin.post("/admin/service/edit", json={**S, "hospitalId": hospital.id}))["data"]["id"]
    listed = await admin.post("/admin/service/list", json={"hospitalId": hospital.id})
    assert [(r["id"], r["hospitalName"]) for r in listed["rows"]] == [(sid, "协和医院")]
    refused = await admin.delete(f"/admin/ConsultHospital/{hospital.id}")
    assert refused["code"] == 500 and "还有1个服务项目" in refused["msg"]
    assert await ConsultHospital.exists(id=hospital.id)
