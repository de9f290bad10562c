"""Hospital services (spec 001 §2.14): one declaration, and the spec's list, edit (create or update) and delete
at /admin/service/*. The service address is picked on the map (a ``location`` field with its lng/lat); every
write keeps the service's entry in the places index (kind "service") in step, in the same transaction, so the
map picker's nearby search finds it at once and a deleted service is never found. A service may name the
hospital offering it (one of the list: checked on every write; a hospital with services cannot be deleted)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field, create_model

from core_api.consult.hospital.refs import check_hospital, hospital_names
from core_api.consult.service.models import ConsultService
from core_api.content.common import delete_one, save
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.resource import F, Resource
from core_api.platform.schema import INT_MAX, StrictSchema
from core_api.platform.security import Principal, any_perm
from core_api.region.place.store import remove_place, upsert_place


async def written(action: str, record_id: int, row: dict[str, Any] | None) -> None:
    if row is None:
        await remove_place("service", record_id)
    else:
        await upsert_place("service", record_id, row.get("name") or "", row.get("address") or "",
                           row.get("longitude"), row.get("latitude"))


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    await check_hospital(values)


resource = Resource(
    name="ConsultService", model=ConsultService, perm="consult:service", title="服务项目", title_en="Hospital services",
    menu_buttons=("query", "edit", "remove"),  # as seeded, not as derived
    view="consult/service/index", list_method="POST", list_path="/admin/service/list", add_perm="consult:service:edit",
    order=("sort", "-id"), written=written, check=check, enrich=hospital_names,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("name", "服务名称", "Name", required=True, max_length=64, filter="fragment"),
        F("service_type", "服务类型", "Type", "dict", dict_type="biz_service_type", required=True, filter="exact"),
        F("hospital_id", "所属医院", "Hospital", "id", min=1, filter="exact", listed=False),
        F("hospital_name", "医院", "Hospital", virtual=True, edit="never", exported=False),
        F("price", "价格", "Price", "money", required=True, max=100_000_000, sortable=True),
        F("duration", "时长(分钟)", "Minutes", "int", min=1, max=1440, default=30),
        F("address", "服务地址", "Address", "location", max_length=255, filter="fragment"),
        F("longitude", "经度", "Longitude", "lng", listed=False),
        F("latitude", "纬度", "Latitude", "lat", listed=False),
        F("phone", "联系电话", "Phone", max_length=20, listed=False),
        F("intro", "服务介绍", "Introduction", "textarea", max_length=2000, listed=False),
        F("cover", "封面", "Cover", "image", max_length=500),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("consult-service")
EditBody = create_model(
    "ConsultServiceEdit", __base__=resource.create_model,
    id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")),
)


@api.post("/admin/service/edit", need=any_perm("consult:service:edit"),
          summary="Create (no id) or edit (an id) a hospital service, by the declaration's rules",
          log=OperLogSpec("服务项目", BusinessType.UPDATE))
async def edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    new_id = await save(resource, request, principal, body, body.id)  # type: ignore[attr-defined,arg-type]
    return ok(data={"id": new_id})


class IdBody(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.post("/admin/service/delete", need=any_perm("consult:service:remove"), summary="Delete one hospital service",
          log=OperLogSpec("服务项目", BusinessType.DELETE))
async def delete(request: web.Request, principal: Principal, body: IdBody) -> web.Response:
    await delete_one(resource, request, principal, body.id)
    return ok()
