"""Form designer (Tools > Form building): forms saved and reopened by name."""

from __future__ import annotations

from typing import Any

import orjson
from aiohttp import web
from pydantic import Field

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import FormField, FormIdOut, SavedFormOut
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import ListQuery, camel_row, page_of, parse_ids
from core_api.platform.schema import StrictSchema
from core_api.platform.security import Principal, any_perm
from core_api.tools.gen.models import FormDesign

api = Api("build")
NEED = any_perm("tool:build:list")


class FormBody(StrictSchema):
    form_id: int | None = None
    form_name: str = Field(title="表单名称", min_length=1, max_length=64)
    fields: list[FormField] = Field(title="字段", max_length=200)
    config: dict[str, Any] = Field(default_factory=dict, title="表单配置")
    remark: str | None = Field(None, max_length=500)


class FormQuery(ListQuery):
    form_name: str | None = Field(None, max_length=64)


def names(fields: list[FormField]) -> list[str]:
    out: list[str] = []
    for f in fields:
        if f.type == "row":
            out += names(f.children)
        else:
            out.append(f.name)
    return out


@api.get("/tool/build/list", need=NEED, summary="Saved forms, paged")
async def list_forms(query: FormQuery) -> web.Response:
    qs = FormDesign.all()
    if query.form_name:
        qs = qs.filter(form_name__icontains=query.form_name)
    rows, total = await page_of(qs, query, {"formId": "form_id", "updateTime": "update_time"}, ["-form_id"],
                                "form_id", "form_name", "create_by", "create_time", "update_time", "remark")
    return table([camel_row(r) for r in rows], total)


@api.get(r"/tool/build/{formId:\d+}", need=NEED, summary="One saved form with its fields", response=SavedFormOut)
async def get_form(formId: int) -> web.Response:  # noqa: N803 - the contract's style
    form = await FormDesign.get_or_none(form_id=formId)
    if form is None:
        raise NotFound()
    definition = orjson.loads(form.definition)
    return ok(data={"formId": form.form_id, "formName": form.form_name, "remark": form.remark, **definition})


@api.post("/tool/build", need=NEED, summary="Save a form (a new name creates it, an existing formId updates it)",
          log=OperLogSpec("表单构建", BusinessType.UPDATE), response=FormIdOut)
async def save_form(request: web.Request, principal: Principal, body: FormBody) -> web.Response:
    used = names(body.fields)
    if len(used) != len(set(used)):
        raise ServiceError("字段名不能重复")
    definition = orjson.dumps({"fields": [f.model_dump(by_alias=True) for f in body.fields],
                               "config": body.config}).decode()
    same_name = FormDesign.filter(form_name=body.form_name)
    if body.form_id:
        if not await FormDesign.filter(form_id=body.form_id).exists():
            raise NotFound()
        if await same_name.exclude(form_id=body.form_id).exists():
            raise ServiceError(f"表单名称'{body.form_name}'已存在")
        await FormDesign.filter(form_id=body.form_id).update(form_name=body.form_name, definition=definition,
                                                             remark=body.remark, **updated(request, principal))
        return ok(data={"formId": body.form_id})
    if await same_name.exists():
        raise ServiceError(f"表单名称'{body.form_name}'已存在")
    form = await FormDesign.create(form_name=body.form_name, definition=definition, remark=body.remark,
                                   **created(request, principal))
    return ok(data={"formId": form.form_id})


@api.delete(r"/tool/build/{formIds:[\d,]+}", need=NEED, summary="Delete saved forms",
            log=OperLogSpec("表单构建", BusinessType.DELETE))
async def delete_forms(formIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(formIds)
    if await FormDesign.filter(form_id__in=ids).count() != len(set(ids)):
        raise NotFound()
    await FormDesign.filter(form_id__in=ids).delete()
    return ok()
