"""Parameters (RuoYi /system/config), plus a batch update for the grouped settings form."""

from __future__ import annotations

from collections.abc import AsyncIterator

from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import ConfigOut
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.errors import Forbidden, NotFound, ServiceError
from core_api.platform.excel import Column, xlsx_response
from core_api.platform.paging import ListQuery, between_days, camel_row, page_of, parse_ids
from core_api.platform.schema import EditSchema, StrictSchema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CONFIG, SETTINGS
from core_api.system.config.models import SysConfig
from core_api.system.config.service import (
    check_outbound_value,
    check_production_value,
    effective_value,
    hidden_keys,
    may_read_key,
)

api = Api("config")
FIELDS = ("config_id", "config_name", "config_key", "config_value", "config_type", "create_by", "create_time",
          "update_by", "update_time", "remark")
SORTS = {"configId": "config_id", "configKey": "config_key", "createTime": "create_time"}
KEY_RE = r"^[A-Za-z][A-Za-z0-9_.\-]*$"
KEY_PATTERN = r"{configKey:[A-Za-z][A-Za-z0-9_.\-]*}"


class ConfigQuery(ListQuery):
    config_name: str | None = Field(None, max_length=100)
    config_key: str | None = Field(None, max_length=100)
    config_type: str | None = Field(None, pattern=r"^[YN]$")


class ConfigBody(EditSchema):
    config_id: int | None = None
    config_name: str = Field(title="参数名称", min_length=1, max_length=100)
    config_key: str = Field(title="参数键名", min_length=1, max_length=100, pattern=KEY_RE)
    config_value: str = Field(title="参数键值", max_length=500)
    config_type: str = Field("N", title="系统内置", pattern=r"^[YN]$")
    remark: str | None = Field(None, title="备注", max_length=500)


class ConfigValue(StrictSchema):
    config_key: str = Field(title="参数键名", min_length=1, max_length=100, pattern=KEY_RE)
    config_value: str = Field(title="参数键值", max_length=500)


class ConfigBatch(StrictSchema):
    items: list[ConfigValue] = Field(title="参数", min_length=1, max_length=500)


def filtered(principal: Principal, query: ConfigQuery):
    qs = SysConfig.all()
    if hidden := hidden_keys(principal.authz):
        qs = qs.exclude(config_key__in=hidden)
    if query.config_name:
        qs = qs.filter(config_name__icontains=query.config_name)
    if query.config_key:
        qs = qs.filter(config_key__icontains=query.config_key)
    if query.config_type:
        qs = qs.filter(config_type=query.config_type)
    return between_days(qs, "create_time", query.begin_time, query.end_time)


@api.get("/system/config/list", need=any_perm("system:config:list"), summary="Parameters, paged")
async def list_configs(request: web.Request, principal: Principal, query: ConfigQuery) -> web.Response:
    rows, total = await page_of(filtered(principal, query), query, SORTS, ["config_id"], *FIELDS,
                                app=request.app, table="sys_config")
    return table([camel_row(r) for r in rows], total)


@api.post("/system/config/export", need=any_perm("system:config:export"), summary="Parameters as xlsx",
          log=OperLogSpec("参数管理", BusinessType.EXPORT, save_response=False))
async def export_configs(request: web.Request, principal: Principal, body: ConfigQuery) -> web.StreamResponse:
    async def batches() -> AsyncIterator[list[dict]]:
        yield [camel_row(r) for r in await filtered(principal, body).order_by("config_id").values(*FIELDS)]

    columns = [Column("参数主键", "configId"), Column("参数名称", "configName", width=30),
               Column("参数键名", "configKey", width=30), Column("参数键值", "configValue", width=30),
               Column("系统内置", "configType", lambda v: "是" if v == "Y" else "否")]
    return await xlsx_response(request, "参数数据.xlsx", "参数数据", columns, batches())


@api.get(r"/system/config/{configId:\d+}", need=any_perm("system:config:query"), summary="One parameter",
         response=ConfigOut)
async def get_config(configId: int) -> web.Response:  # noqa: N803 - the contract's name
    rows = await SysConfig.filter(config_id=configId).values(*FIELDS)
    if not rows:
        raise NotFound()
    return ok(data=camel_row(rows[0]))


@api.get(f"/system/config/configKey/{KEY_PATTERN}", login_only=True,
         summary="A parameter's value, returned in msg (RuoYi's convention); the shell's display keys for "
                 "anybody signed in, every other key with system:config:query")
async def config_by_key(request: web.Request, principal: Principal, configKey: str) -> web.Response:  # noqa: N803
    if not may_read_key(principal.authz, configKey):
        raise Forbidden()
    value = effective_value(request.app[SETTINGS].env, configKey, await request.app[CONFIG].get(configKey))
    return ok(msg=value or "")


async def unique_key(body: ConfigBody, action: str) -> None:
    others = SysConfig.exclude(config_id=body.config_id) if body.config_id else SysConfig.all()
    if await others.filter(config_key=body.config_key).exists():
        raise ServiceError(f"{action}参数'{body.config_name}'失败，参数键名已存在")


def values(body: ConfigBody) -> dict:
    return {"config_name": body.config_name, "config_key": body.config_key, "config_value": body.config_value,
            "config_type": body.config_type, "remark": body.remark}


@api.post("/system/config", need=any_perm("system:config:add"), summary="Create a parameter",
          log=OperLogSpec("参数管理", BusinessType.INSERT))
async def create_config(request: web.Request, principal: Principal, body: ConfigBody) -> web.Response:
    body.config_id = None
    check_production_value(request.app[SETTINGS].env, body.config_key, body.config_value)
    check_outbound_value(request.app[SETTINGS].outbound_allow, body.config_key, body.config_value)
    await unique_key(body, "新增")
    await SysConfig.create(**values(body), **created(request, principal))
    await changed(request.app, "sys_config")
    await request.app[CONFIG].changed()
    return ok()


@api.put("/system/config", need=any_perm("system:config:edit"), summary="Update a parameter",
         log=OperLogSpec("参数管理", BusinessType.UPDATE))
async def update_config(request: web.Request, principal: Principal, body: ConfigBody) -> web.Response:
    old = await SysConfig.get_or_none(config_id=body.config_id) if body.config_id else None
    if old is None:
        raise NotFound()
    if old.config_type == "Y" and old.config_key != body.config_key:
        raise ServiceError(f"内置参数【{old.config_key}】不能修改键名")
    check_production_value(request.app[SETTINGS].env, body.config_key, body.config_value)
    check_outbound_value(request.app[SETTINGS].outbound_allow, body.config_key, body.config_value)
    await unique_key(body, "修改")
    await SysConfig.filter(config_id=old.config_id).update(**values(body), **updated(request, principal))
    await changed(request.app, "sys_config")
    await request.app[CONFIG].changed()
    return ok()


@api.put("/system/config/batch", need=any_perm("system:config:edit"),
         summary="Set the values of several existing parameters at once (the grouped settings form)",
         log=OperLogSpec("参数管理", BusinessType.UPDATE))
async def update_config_values(request: web.Request, principal: Principal, body: ConfigBatch) -> web.Response:
    keys = [item.config_key for item in body.items]
    known = set(await SysConfig.filter(config_key__in=keys).values_list("config_key", flat=True))
    if missing := [k for k in keys if k not in known]:
        raise ServiceError(f"参数键名不存在：{', '.join(missing[:5])}")
    for item in body.items:
        check_production_value(request.app[SETTINGS].env, item.config_key, item.config_value)
        check_outbound_value(request.app[SETTINGS].outbound_allow, item.config_key, item.config_value)
    async with in_transaction():
        for item in body.items:
            await SysConfig.filter(config_key=item.config_key).update(config_value=item.config_value,
                                                                      **updated(request, principal))
    await changed(request.app, "sys_config")
    await request.app[CONFIG].changed()
    return ok()


@api.delete(r"/system/config/{configIds:[\d,]+}", need=any_perm("system:config:remove"),
            summary="Delete parameters (built-in ones are refused)", log=OperLogSpec("参数管理", BusinessType.DELETE))
async def delete_configs(request: web.Request, configIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(configIds)
    rows = await SysConfig.filter(config_id__in=ids).values("config_key", "config_type")
    if len(rows) != len(set(ids)):
        raise NotFound()
    for row in rows:
        if row["config_type"] == "Y":
            raise ServiceError(f"内置参数【{row['config_key']}】不能删除")
    await SysConfig.filter(config_id__in=ids).delete()
    await changed(request.app, "sys_config")
    await request.app[CONFIG].changed()
    return ok()


@api.delete("/system/config/refreshCache", need=any_perm("system:config:remove"),
            summary="Drop the parameter cache on every node", log=OperLogSpec("参数管理", BusinessType.CLEAN))
async def refresh_config_cache(request: web.Request) -> web.Response:
    await request.app[CONFIG].changed()
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "{action}参数'{name}'失败，参数键名已存在": "{action} parameter '{name}' failed: the key already exists",
    "内置参数【{key}】不能修改键名": "The built-in parameter [{key}] cannot have its key changed",
    "内置参数【{key}】不能删除": "The built-in parameter [{key}] cannot be deleted",
})
