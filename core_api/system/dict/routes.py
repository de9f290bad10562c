"""Dictionaries (RuoYi /system/dict/...)."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from core_api.auth.schemas import Envelope
from core_api.platform.api import Api
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema
from core_api.platform.state import DICT

api = Api("dict")
DICT_TYPE_PATTERN = r"{dictType:[a-z][a-z0-9_]*}"


class DictDataOut(Schema):
    dict_code: int
    dict_sort: int
    dict_label: str
    dict_value: str
    dict_type: str
    css_class: str | None = None
    list_class: str | None = None
    is_default: str
    status: str
    remark: str | None = None
    create_time: str | None = None


class DictDataListOut(Envelope):
    data: list[DictDataOut] = Field(default_factory=list)


@api.get(f"/system/dict/data/type/{DICT_TYPE_PATTERN}", login_only=True,
         summary="Enabled entries of one dictionary type (any signed-in user)", response=DictDataListOut)
async def data_by_type(request: web.Request, dictType: str) -> web.Response:  # noqa: N803 - the contract's name
    return ok(data=await request.app[DICT].data_by_type(dictType))
