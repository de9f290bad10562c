"""Consult doctors (ConsultDoctor): the declaration, its list at the spec's POST /admin/consult/doctor/list,
POST /admin/consult/doctor/edit (create or update) and POST /admin/consult/doctor/delete.

A doctor works at a hospital of the list (checked on every write); the price of one consult is in fen."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field

from core_api.consult.doctor.models import ConsultDoctor
from core_api.consult.hospital.refs import check_hospital, hospital_names
from core_api.content.common import add_edit, delete_one, edit_model
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.resource import F, Resource
from core_api.platform.schema import INT_MAX, Schema
from core_api.platform.security import Principal, any_perm

PERM = "consult:doctor"
MAX_PRICE = 10_000_000  # 100,000.00 yuan: a typo guard


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    await check_hospital(values)


resource = Resource(
    name="ConsultDoctor", model=ConsultDoctor, perm=PERM, title="问诊医生", title_en="Consult doctors",
    menu_buttons=("query", "add", "edit", "remove", "shelf"),  # as seeded, not as derived
    view="consult/doctor/index", list_method="POST", list_path="/admin/consult/doctor/list", check=check,
    enrich=hospital_names, order=("sort", "-id"),
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("avatar", "头像", "Avatar", "image", max_length=500),
        F("name", "医生姓名", "Name", required=True, max_length=32, filter="fragment"),
        F("hospital_id", "所属医院", "Hospital", "id", required=True, min=1, filter="exact", listed=False),
        F("hospital_name", "医院", "Hospital", virtual=True, edit="never", exported=False),
        F("department", "科室", "Department", max_length=32, filter="fragment"),
        F("title", "职称", "Title", "dict", dict_type="biz_doctor_title", default="resident", filter="exact"),
        F("specialties", "擅长", "Specialties", "textarea", max_length=500, listed=False),
        F("intro", "医生简介", "Introduction", "textarea", max_length=2000, listed=False, exported=False),
        F("price", "问诊价格", "Price", "money", min=0, max=MAX_PRICE, default=0, sortable=True),
        F("online", "在线状态", "Online", "flag", dict_type="biz_doctor_online", default="0", filter="exact"),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("consult-doctor")
EditBody = edit_model(resource, "ConsultDoctorEdit")


@api.post("/admin/consult/doctor/edit", need=any_perm(f"{PERM}:add", f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a consult doctor, by the declaration's rules",
          log=OperLogSpec("问诊医生", BusinessType.UPDATE))
async def edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return ok(data={"id": await add_edit(resource, request, principal, body)})


class DeleteBody(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.post("/admin/consult/doctor/delete", need=any_perm(f"{PERM}:remove"), summary="Delete one consult doctor",
          log=OperLogSpec("问诊医生", BusinessType.DELETE))
async def delete(request: web.Request, principal: Principal, body: DeleteBody) -> web.Response:
    await delete_one(resource, request, principal, body.id)
    return ok()
