"""The contract's envelopes (CONTRACT.md): HTTP 200 with the outcome in the body's ``code``."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

import orjson
from aiohttp import web

MSG_OK = "操作成功"
MSG_QUERY_OK = "查询成功"


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)  # money and other exact numbers travel as text, never as floats
    raise TypeError(f"cannot serialise {type(value).__name__}")


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS, default=_default)


def json_response(body: Mapping[str, Any], status: int = 200) -> web.Response:
    return web.Response(body=dumps(body), status=status, content_type="application/json")


def ok(data: Any = None, msg: str = MSG_OK, **extra: Any) -> web.Response:
    """Result envelope; ``data`` is left out when there is none, extra keys sit beside it."""
    body: dict[str, Any] = {"code": 200, "msg": msg}
    if data is not None:
        body["data"] = data
    body.update(extra)
    return json_response(body)


def table(rows: Iterable[Any], total: int, msg: str = MSG_QUERY_OK, **extra: Any) -> web.Response:
    """A RuoYi table page; ``extra`` (the next page's cursor ``next``) goes beside ``total`` and ``rows``."""
    return json_response({"code": 200, "msg": msg, "total": total, "rows": list(rows), **extra})


# The business lists: every call whose path ends in list_data or page_data (``.../list_data``,
# ``.../activity_list_data``, ``.../list_data_val``) answers ``page`` (CONTRACT.md "Envelopes").
BUSINESS_LIST = re.compile(r"(?:^|[/_])(?:list|page)_data(?:_[A-Za-z]+)?$")


def is_business_list(path: str) -> bool:
    return BUSINESS_LIST.search(path) is not None


def page(items: list[Any], total: int, page_no: int, page_size: int, msg: str = MSG_QUERY_OK,
         **extra: Any) -> web.Response:
    """Business page (chat, message centre, every ``list_data``/``page_data`` call; its model is
    ``contract.ListPage``): the spec reads ``data.pages`` and ``data.data``; ``extra`` (the next page's cursor
    ``next``, a list's own figures) goes into ``data``."""
    pages = math.ceil(total / page_size) if page_size else 0
    data = {"pages": pages, "total": total, "pageNo": page_no, "pageSize": page_size, "data": items, **extra}
    return json_response({"code": 200, "msg": msg, "data": data})


def rows_of(answer: Mapping[str, Any]) -> dict[str, Any]:
    """The rows, total and next page's cursor of a list's answer in either envelope, the table (``rows`` and
    ``total``, the cursor beside them) or the business page (``data.data``, ``data.total``, ``data.next``): for a
    caller (the BFF's resource screen) that reads lists of both kinds."""
    data = answer.get("data")
    if isinstance(data, Mapping):
        return {"rows": data.get("data", []), "total": data.get("total", 0), "next": data.get("next")}
    return {"rows": answer.get("rows", []), "total": answer.get("total", 0), "next": answer.get("next")}


def fail(msg: str, code: int = 500) -> web.Response:
    return json_response({"code": code, "msg": msg})
