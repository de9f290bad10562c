"""Hospitals (ConsultHospital): the declaration, its list at the spec's POST /admin/consult/hospital/list and
the spec's POST /admin/consult/hospital/edit (create without an id, update with one, by the same rules).

A hospital's area is a region code chosen with the area picker (kind "area": it must exist, the list shows
its path). A hospital that still has doctors or services cannot be deleted."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from core_api.consult.doctor.models import ConsultDoctor
from core_api.consult.hospital.models import ConsultHospital
from core_api.consult.service.models import ConsultService
from core_api.content.common import add_edit, edit_model
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Resource
from core_api.platform.security import Principal, any_perm
from core_api.region.division.kind import AREA

PERM = "consult:hospital"


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if values or before is None:
        return
    doctors = await ConsultDoctor.filter(hospital_id=before["id"]).count()
    if doctors:
        raise ServiceError(f"医院“{before['name']}”还有{doctors}名医生，请先删除或调走医生后再删除医院")
    services = await ConsultService.filter(hospital_id=before["id"]).count()
    if services:
        raise ServiceError(f"医院“{before['name']}”还有{services}个服务项目，请先删除或改挂其他医院后再删除医院")


resource = Resource(
    name="ConsultHospital", model=ConsultHospital, perm=PERM, title="医院管理", title_en="Hospitals",
    menu_buttons=("query", "add", "edit", "remove", "shelf"),  # as seeded, not as derived
    view="consult/hospital/index", list_method="POST", list_path="/admin/consult/hospital/list", check=check,
    duplicate="已有同名医院", order=("sort", "-id"),
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("name", "医院名称", "Name", required=True, max_length=64, filter="fragment"),
        F("level", "医院等级", "Level", "dict", dict_type="biz_hospital_level", default="0", filter="exact"),
        F("area_code", "所在地区", "Area", AREA, required=True, filter="exact"),
        F("address", "详细地址", "Address", max_length=200),
        F("phone", "联系电话", "Phone", max_length=20, listed=False),
        F("logo", "医院图标", "Logo", "image", max_length=500, listed=False),
        F("intro", "医院简介", "Introduction", "textarea", max_length=2000, listed=False, exported=False),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("consult-hospital")
EditBody = edit_model(resource, "ConsultHospitalEdit")


@api.post("/admin/consult/hospital/edit", need=any_perm(f"{PERM}:add", f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a hospital, by the declaration's rules",
          log=OperLogSpec("医院管理", BusinessType.UPDATE))
async def edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return ok(data={"id": await add_edit(resource, request, principal, body)})
