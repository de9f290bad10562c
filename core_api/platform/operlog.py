"""The operation log: every write by an operator leaves one row, with passwords removed."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import web

from core_api.platform.client import client_info
from core_api.platform.counts import changed
from core_api.platform.errors import ServiceError
from core_api.platform.state import CLOCK, SETTINGS

if TYPE_CHECKING:
    from core_api.platform.api import Endpoint
    from core_api.platform.security import Principal

log = logging.getLogger("console.operlog")
# Where a row of the operation log is written: set by core_api.monitor.operlog.models, which owns the table (the
# platform writes the row every logged call leaves, and knows no feature).
STORE: list[Callable[[dict[str, Any]], Awaitable[Any]]] = []
SECRET_KEYS = {"password", "oldpassword", "newpassword", "confirmpassword", "smscode", "code"}


def scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: ("******" if k.lower() in SECRET_KEYS else scrub(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def _param_text(request: web.Request, body: Any) -> str:
    params: dict[str, Any] = {k: v for k, v in request.query.items()}
    if request.match_info:
        params.update(request.match_info)
    if body:
        params = {**params, **body} if isinstance(body, dict) else {**params, "body": body}
    return orjson.dumps(scrub(params)).decode()[:2000]


async def record_operation(
    request: web.Request,
    ep: Endpoint,
    principal: Principal | None,
    body: Any,
    response: web.StreamResponse | None,
    error: Exception | None,
    started: float,
) -> None:
    spec = ep.log
    assert spec is not None
    status, error_msg, result = 0, "", ""
    if error is not None:
        status = 1
        error_msg = error.msg if isinstance(error, ServiceError) else "系统内部错误"
    elif isinstance(response, web.Response) and response.content_type == "application/json" and response.body:
        result = bytes(response.body)[:2000].decode(errors="replace")  # type: ignore[arg-type]
        try:
            code = orjson.loads(response.body).get("code", 200)  # type: ignore[arg-type]
            if code != 200:
                status = 1
                error_msg = str(orjson.loads(response.body).get("msg", ""))  # type: ignore[arg-type]
        except orjson.JSONDecodeError:
            pass
    client = client_info(request, request.app[SETTINGS].trusted_proxy_set)
    try:
        if not STORE:
            raise RuntimeError("no operation log store is registered (core_api.monitor.operlog.models)")
        await STORE[0](dict(
            title=spec.title,
            business_type=spec.business_type,
            method=f"{ep.handler.__module__}.{ep.handler.__name__}",
            request_method=request.method,
            operator_type=1,
            oper_name=principal.user_name if principal else "",
            dept_name=principal.authz.dept_name if principal else "",
            oper_url=request.path[:255],
            oper_ip=client.ip,
            oper_location=client.location,
            oper_param=_param_text(request, body) if spec.save_request else "",
            json_result=result if spec.save_response else "",
            status=status,
            error_msg=error_msg[:2000],
            oper_time=request.app[CLOCK].now(),
            cost_time=int((time.perf_counter() - started) * 1000),
        ))
    except Exception:  # the log must never turn a done operation into a failure
        log.exception("could not write the operation log for %s", request.path)
        return
    await changed(request.app, "sys_oper_log")
