"""App versions (CommonAppVersion): the declaration's calls and the alternate list_data, add_edit and del.

Per platform a version code only grows: a new code must be above every other record's code of that platform.
Editing a record without changing its code (its notes, its link) is always allowed. Two saves of the same
code at once meet the unique index (platform, version_code): one is refused with the same message."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field, create_model

from core_api.content.app_version.models import CommonAppVersion
from core_api.content.common import delete_one, page_of, save
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import ListPageOut
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Resource
from core_api.platform.schema import INT_MAX, Schema
from core_api.platform.security import Principal, any_perm


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if not values:
        return  # a delete
    code = values.get("version_code")
    if code is None or (before is not None and code == before["version_code"]):
        return
    platform = values.get("platform") or (before or {}).get("platform")
    others = CommonAppVersion.filter(platform=platform)
    if before is not None:
        others = others.exclude(id=before["id"])
    highest = await others.order_by("-version_code").first().values_list("version_code", flat=True)
    if highest is not None and code <= highest:  # type: ignore[operator]
        raise ServiceError(f"版本号必须大于该平台已有的最高版本号（{highest}）")


DUPLICATE = "该平台已有相同版本号的版本"
resource = Resource(
    name="CommonAppVersion", model=CommonAppVersion, perm="content:appVersion", title="版本管理",
    title_en="App versions", view="content/appVersion/index", check=check, duplicate=DUPLICATE,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("platform", "平台", "Platform", "dict", dict_type="biz_app_platform", required=True, edit="create",
          filter="exact"),
        F("version_name", "版本名称", "Version name", required=True, max_length=32, filter="fragment"),
        F("version_code", "版本号", "Version code", "int", required=True, min=1, sortable=True),
        F("download_url", "下载地址", "Download URL", "url", required=True, max_length=500),
        F("release_notes", "更新说明", "Release notes", "textarea", max_length=2000, listed=False),
        F("force_update", "强制更新", "Force update", "flag", dict_type="biz_yes_no", default="0", filter="exact"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("content-app-version")
AddEditBody = create_model(
    "CommonAppVersionAddEdit", __base__=resource.create_model,
    id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")),
)


@api.get("/admin/app_version/list_data", need=any_perm("content:appVersion:list"), response=ListPageOut,
         summary="App versions: a page in the business envelope")
async def list_data(request: web.Request, principal: Principal, query: resource.query_model) -> web.Response:  # type: ignore[name-defined]
    return await page_of(resource, principal, query)


@api.post("/admin/app_version/add_edit", need=any_perm("content:appVersion:add", "content:appVersion:edit"),
          summary="Create (no id) or edit (an id) an app version, by the same rules",
          log=OperLogSpec("版本管理", BusinessType.UPDATE))
async def add_edit(request: web.Request, principal: Principal, body: AddEditBody) -> web.Response:  # type: ignore[valid-type]
    record_id = body.id  # type: ignore[attr-defined]
    need = "content:appVersion:edit" if record_id else "content:appVersion:add"
    if not principal.authz.has_permi(need):
        raise ServiceError("当前操作没有权限", 403)
    new_id = await save(resource, request, principal, body, record_id)  # type: ignore[arg-type]
    return ok(data={"id": new_id})


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.get("/admin/app_version/del", need=any_perm("content:appVersion:remove"), summary="Delete one app version",
         log=OperLogSpec("版本管理", BusinessType.DELETE))
async def delete(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await delete_one(resource, request, principal, query.id)
    return ok()
