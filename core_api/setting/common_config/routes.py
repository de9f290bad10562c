"""Common config records V1 (CommonConfig) and V2 (CommonConfigV2): declarations with the six calls and the
shelf toggle. A value is checked against its type (a number, true/false, JSON); a V2 record applies to one
platform (or all) and a range of app version codes."""

from __future__ import annotations

import re
from typing import Any

import orjson
from aiohttp import web

from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Resource
from core_api.platform.schema import english
from core_api.setting.common_config.models import CommonConfig, CommonConfigV2

KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_.:-]{0,99}$")
NUMBER = re.compile(r"^-?\d{1,18}(\.\d{1,6})?$")


def check_value(value_type: str, value: str) -> None:
    if value_type == "number" and not NUMBER.match(value):
        raise ServiceError("配置值必须是数字")
    if value_type == "bool" and value not in ("true", "false"):
        raise ServiceError("配置值必须是 true 或 false")
    if value_type == "json":
        try:
            orjson.loads(value)
        except orjson.JSONDecodeError:
            raise ServiceError("配置值不是有效的 JSON") from None


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if not values:
        return  # a delete
    merged = {**(before or {}), **values}
    if "config_key" in values and not KEY.match(values["config_key"] or ""):
        raise ServiceError("配置键必须以字母开头，只能包含字母、数字、下划线、点、冒号或横线")
    check_value(merged.get("value_type") or "string", merged.get("config_value") or "")
    highest, lowest = merged.get("max_version") or 0, merged.get("min_version") or 0
    if highest and highest < lowest:
        raise ServiceError("最高版本号不能小于最低版本号")


def _fields(v2: bool) -> list[F]:
    return [
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("config_key", "配置键", "Key", required=True, max_length=100, filter="fragment", sortable=True),
        F("config_name", "配置名称", "Name", required=True, max_length=100, filter="fragment"),
        *([F("platform", "平台", "Platform", "dict", dict_type="biz_config_platform", required=True, default="all",
             filter="exact"),
           F("min_version", "最低版本号", "Lowest version code", "int", min=0, max=1_000_000_000, default=0),
           F("max_version", "最高版本号", "Highest version code", "int", min=0, max=1_000_000_000, default=0)]
          if v2 else []),
        F("config_value", "配置值", "Value", "textarea", max_length=20_000 if v2 else 2000),
        F("value_type", "值类型", "Value type", "dict", dict_type="biz_config_value_type", required=True,
          default="string", filter="exact"),
        F("group_name", "分组", "Group", max_length=32, filter="exact"),
        F("remark", "备注", "Remark", "textarea", max_length=500, listed=False),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
        F("update_time", "更新时间", "Updated at", "datetime", edit="never"),
    ]


resource = Resource(
    name="CommonConfig", model=CommonConfig, perm="setting:commonConfig", title="配置记录", title_en="Config records",
    view="setting/commonConfig/index", check=check, duplicate="该配置键已存在", fields=_fields(False),
    order=("sort", "-id"),
)
resource_v2 = Resource(
    name="CommonConfigV2", model=CommonConfigV2, perm="setting:commonConfigV2", title="配置记录 V2",
    title_en="Config records V2", view="setting/commonConfigV2/index", check=check,
    duplicate="该配置键在此平台和最低版本号下已存在", fields=_fields(True), order=("sort", "-id"),
)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "该配置键已存在": "The configuration key already exists",
})
