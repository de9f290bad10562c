"""Dictionaries (RuoYi /system/dict/type and /system/dict/data)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract import DictDataOut, Envelope
from core_api.platform.contract.system import DictDataOneOut, DictTypeOut
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.excel import Column, xlsx_response
from core_api.platform.paging import ListQuery, between_days, camel_row, filter_set, page_of, parse_ids
from core_api.platform.schema import EditSchema, Flag, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import DICT
from core_api.system.dict.models import SysDictData, SysDictType
from core_api.system.dict.service import dict_data_view

api = Api("dict")
DICT_TYPE_RE = r"^[a-z][a-z0-9_]*$"
DICT_TYPE_PATTERN = r"{dictType:[a-z][a-z0-9_]*}"
STATUS = r"^[01]$"
TYPE_FIELDS = ("dict_id", "dict_name", "dict_type", "status", "create_by", "create_time", "update_by",
               "update_time", "remark")
TYPE_SORTS = {"dictId": "dict_id", "dictType": "dict_type", "createTime": "create_time"}
DATA_SORTS = {"dictSort": "dict_sort", "dictCode": "dict_code", "createTime": "create_time"}
LIST_CLASSES = ("default", "primary", "success", "info", "warning", "danger", "")


class DictDataListOut(Envelope):
    data: list[DictDataOut] = Field(default_factory=list)


# ---- types ------------------------------------------------------------------------------------------


class TypeQuery(ListQuery):
    dict_name: str | None = Field(None, max_length=100)
    dict_type: str | None = Field(None, max_length=100)
    status: Flag | None = Field(None, pattern=STATUS)


class TypeBody(EditSchema):
    dict_id: int | None = None
    dict_name: str = Field(title="字典名称", min_length=1, max_length=100)
    dict_type: str = Field(title="字典类型", min_length=1, max_length=100, pattern=DICT_TYPE_RE)
    status: Flag = Field("0", title="状态", pattern=STATUS)
    remark: str | None = Field(None, title="备注", max_length=500)


def filtered_types(query: TypeQuery):
    qs = filter_set(SysDictType.all(), query, dict_name="icontains", dict_type="icontains", status="exact")
    return between_days(qs, "create_time", query.begin_time, query.end_time)


@api.get("/system/dict/type/list", need=any_perm("system:dict:list"), summary="Dictionary types, paged")
async def list_types(request: web.Request, query: TypeQuery) -> web.Response:
    rows, total = await page_of(filtered_types(query), query, TYPE_SORTS, ["dict_id"], *TYPE_FIELDS,
                                app=request.app, table="sys_dict_type")
    return table([camel_row(r) for r in rows], total)


@api.post("/system/dict/type/export", need=any_perm("system:dict:export"), summary="Dictionary types as xlsx",
          log=OperLogSpec("字典类型", BusinessType.EXPORT, save_response=False))
async def export_types(request: web.Request, body: TypeQuery) -> web.StreamResponse:
    async def batches() -> AsyncIterator[list[dict]]:
        yield [camel_row(r) for r in await filtered_types(body).order_by("dict_id").values(*TYPE_FIELDS)]

    columns = [Column("字典主键", "dictId"), Column("字典名称", "dictName"), Column("字典类型", "dictType"),
               Column("状态", "status", lambda v: "正常" if v == "0" else "停用")]
    return await xlsx_response(request, "字典类型.xlsx", "字典类型", columns, batches())


@api.get(r"/system/dict/type/{dictId:\d+}", need=any_perm("system:dict:query"), summary="One dictionary type",
         response=DictTypeOut)
async def get_type(dictId: int) -> web.Response:  # noqa: N803 - the contract's name
    rows = await SysDictType.filter(dict_id=dictId).values(*TYPE_FIELDS)
    if not rows:
        raise NotFound()
    return ok(data=camel_row(rows[0]))


async def unique_type(body: TypeBody, action: str) -> None:
    others = SysDictType.exclude(dict_id=body.dict_id) if body.dict_id else SysDictType.all()
    if await others.filter(dict_type=body.dict_type).exists():
        raise ServiceError(f"{action}字典'{body.dict_name}'失败，字典类型已存在")


@api.post("/system/dict/type", need=any_perm("system:dict:add"), summary="Create a dictionary type",
          log=OperLogSpec("字典类型", BusinessType.INSERT))
async def create_type(request: web.Request, principal: Principal, body: TypeBody) -> web.Response:
    body.dict_id = None
    await unique_type(body, "新增")
    await SysDictType.create(dict_name=body.dict_name, dict_type=body.dict_type, status=body.status,
                             remark=body.remark, **created(request, principal))
    await changed(request.app, "sys_dict_type")
    await request.app[DICT].changed()
    return ok()


@api.put("/system/dict/type", need=any_perm("system:dict:edit"), summary="Update a dictionary type; "
         "renaming the type renames its data's type too", log=OperLogSpec("字典类型", BusinessType.UPDATE))
async def update_type(request: web.Request, principal: Principal, body: TypeBody) -> web.Response:
    old = await SysDictType.get_or_none(dict_id=body.dict_id) if body.dict_id else None
    if old is None:
        raise NotFound()
    await unique_type(body, "修改")
    async with in_transaction():
        if old.dict_type != body.dict_type:
            await SysDictData.filter(dict_type=old.dict_type).update(dict_type=body.dict_type)
        await SysDictType.filter(dict_id=old.dict_id).update(
            dict_name=body.dict_name, dict_type=body.dict_type, status=body.status, remark=body.remark,
            **updated(request, principal))
    await changed(request.app, "sys_dict_type", "sys_dict_data")
    await request.app[DICT].changed()
    return ok()


@api.delete(r"/system/dict/type/{dictIds:[\d,]+}", need=any_perm("system:dict:remove"),
            summary="Delete dictionary types (refused while they hold data)",
            log=OperLogSpec("字典类型", BusinessType.DELETE))
async def delete_types(request: web.Request, dictIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(dictIds)
    types = await SysDictType.filter(dict_id__in=ids).values("dict_id", "dict_name", "dict_type")
    if len(types) != len(set(ids)):
        raise NotFound()
    for t in types:
        if await SysDictData.filter(dict_type=t["dict_type"]).exists():
            raise ServiceError(f"{t['dict_name']}已分配,不能删除")
    await SysDictType.filter(dict_id__in=ids).delete()
    await changed(request.app, "sys_dict_type")
    await request.app[DICT].changed()
    return ok()


@api.delete("/system/dict/type/refreshCache", need=any_perm("system:dict:remove"),
            summary="Drop the dictionary cache on every node", log=OperLogSpec("字典类型", BusinessType.CLEAN))
async def refresh_dict_cache(request: web.Request) -> web.Response:
    await request.app[DICT].changed()
    return ok()


@api.get("/system/dict/type/optionselect", login_only=True, summary="Every dictionary type, for option lists")
async def type_options() -> web.Response:
    return ok(data=[camel_row(r) for r in await SysDictType.all().order_by("dict_id").values(*TYPE_FIELDS)])


# ---- data -------------------------------------------------------------------------------------------


class DataQuery(ListQuery):
    dict_type: str | None = Field(None, max_length=100)
    dict_label: str | None = Field(None, max_length=100)
    status: Flag | None = Field(None, pattern=STATUS)


class DataBody(EditSchema):
    dict_code: int | None = None
    dict_sort: int = Field(0, title="字典排序", ge=0, le=9999)
    dict_label: str = Field(title="数据标签", min_length=1, max_length=100)
    dict_label_en: str | None = Field(None, title="英文标签", max_length=100)
    dict_value: str = Field(title="数据键值", min_length=1, max_length=100)
    dict_type: str = Field(title="字典类型", min_length=1, max_length=100, pattern=DICT_TYPE_RE)
    css_class: str | None = Field(None, title="样式属性", max_length=100, pattern=r"^[A-Za-z0-9_\- ]*$")
    list_class: str | None = Field(None, title="回显样式", max_length=100)
    is_default: str = Field("N", title="是否默认", pattern=r"^[YN]$")
    status: Flag = Field("0", title="状态", pattern=STATUS)
    remark: str | None = Field(None, title="备注", max_length=500)


def filtered_data(query: DataQuery):
    return filter_set(SysDictData.all(), query, dict_type="exact", dict_label="icontains", status="exact")


@api.get("/system/dict/data/list", need=any_perm("system:dict:list"), summary="Dictionary data, paged")
async def list_data(request: web.Request, query: DataQuery) -> web.Response:
    rows, total = await page_of(filtered_data(query), query, DATA_SORTS, ["dict_sort", "dict_code"],
                                app=request.app, table="sys_dict_data")
    return table([dict_data_view(r) for r in rows], total)


@api.post("/system/dict/data/export", need=any_perm("system:dict:export"), summary="Dictionary data as xlsx",
          log=OperLogSpec("字典数据", BusinessType.EXPORT, save_response=False))
async def export_data(request: web.Request, body: DataQuery) -> web.StreamResponse:
    async def batches() -> AsyncIterator[list[dict]]:
        yield [dict_data_view(r) for r in await filtered_data(body).order_by("dict_sort", "dict_code").values()]

    columns = [Column("字典编码", "dictCode"), Column("字典排序", "dictSort"), Column("字典标签", "dictLabel"),
               Column("字典键值", "dictValue"), Column("字典类型", "dictType"),
               Column("是否默认", "isDefault", lambda v: "是" if v == "Y" else "否"),
               Column("状态", "status", lambda v: "正常" if v == "0" else "停用")]
    return await xlsx_response(request, "字典数据.xlsx", "字典数据", columns, batches())


@api.get(r"/system/dict/data/{dictCode:\d+}", need=any_perm("system:dict:query"), summary="One dictionary entry",
         response=DictDataOneOut)
async def get_data(dictCode: int) -> web.Response:  # noqa: N803
    rows = await SysDictData.filter(dict_code=dictCode).values()
    if not rows:
        raise NotFound()
    return ok(data=dict_data_view(rows[0]))


@api.get(f"/system/dict/data/type/{DICT_TYPE_PATTERN}", login_only=True,
         summary="Enabled entries of one dictionary type (any signed-in user)", response=DictDataListOut)
async def data_by_type(request: web.Request, dictType: str) -> web.Response:  # noqa: N803
    return ok(data=await request.app[DICT].data_by_type(dictType))


def data_values(body: DataBody) -> dict:
    list_class = body.list_class or "default"
    if list_class not in LIST_CLASSES:
        raise ServiceError("回显样式必须是 default、primary、success、info、warning 或 danger")
    return {"dict_sort": body.dict_sort, "dict_label": body.dict_label,
            "dict_label_en": (body.dict_label_en or "").strip() or None, "dict_value": body.dict_value,
            "dict_type": body.dict_type, "css_class": body.css_class, "list_class": list_class,
            "is_default": body.is_default, "status": body.status, "remark": body.remark}


async def check_data(body: DataBody, action: str) -> None:
    if not await SysDictType.filter(dict_type=body.dict_type).exists():
        raise ServiceError(f"{action}字典数据失败，字典类型'{body.dict_type}'不存在")
    others = SysDictData.filter(dict_type=body.dict_type)
    if body.dict_code:
        others = others.exclude(dict_code=body.dict_code)
    if await others.filter(dict_value=body.dict_value).exists():
        raise ServiceError(f"{action}字典数据'{body.dict_label}'失败，数据键值已存在")


@api.post("/system/dict/data", need=any_perm("system:dict:add"), summary="Create a dictionary entry",
          log=OperLogSpec("字典数据", BusinessType.INSERT))
async def create_data(request: web.Request, principal: Principal, body: DataBody) -> web.Response:
    body.dict_code = None
    await check_data(body, "新增")
    await SysDictData.create(**data_values(body), **created(request, principal))
    await changed(request.app, "sys_dict_data")
    await request.app[DICT].changed()
    return ok()


@api.put("/system/dict/data", need=any_perm("system:dict:edit"), summary="Update a dictionary entry",
         log=OperLogSpec("字典数据", BusinessType.UPDATE))
async def update_data(request: web.Request, principal: Principal, body: DataBody) -> web.Response:
    if not body.dict_code or not await SysDictData.filter(dict_code=body.dict_code).exists():
        raise NotFound()
    await check_data(body, "修改")
    await SysDictData.filter(dict_code=body.dict_code).update(**data_values(body), **updated(request, principal))
    await changed(request.app, "sys_dict_data")
    await request.app[DICT].changed()
    return ok()


@api.delete(r"/system/dict/data/{dictCodes:[\d,]+}", need=any_perm("system:dict:remove"),
            summary="Delete dictionary entries", log=OperLogSpec("字典数据", BusinessType.DELETE))
async def delete_data(request: web.Request, dictCodes: str) -> web.Response:  # noqa: N803
    ids = parse_ids(dictCodes)
    if await SysDictData.filter(dict_code__in=ids).count() != len(set(ids)):
        raise NotFound()
    await SysDictData.filter(dict_code__in=ids).delete()
    await changed(request.app, "sys_dict_data")
    await request.app[DICT].changed()
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "{action}字典'{name}'失败，字典类型已存在":
        "{action} dictionary '{name}' failed: the dictionary type already exists",
    "{action}字典数据失败，字典类型'{type}'不存在":
        "{action} dictionary entry failed: the dictionary type '{type}' does not exist",
    "{action}字典数据'{label}'失败，数据键值已存在":
        "{action} dictionary entry '{label}' failed: the value already exists",
    "回显样式必须是 default、primary、success、info、warning 或 danger":
        "The display style must be default, primary, success, info, warning or danger",
})
