"""One middleware turns every outcome into the contract's envelope and tags it with a request id."""

from __future__ import annotations

import logging
import os

import asyncpg
from aiohttp import web, web_response
from aiohttp.http_exceptions import HttpProcessingError
from tortoise.exceptions import ValidationError as TortoiseValidationError

from core_api.platform.api import request_lang
from core_api.platform.envelope import fail, json_response
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.schema import refusal, refusal_text
from core_api.platform.state import REQUEST_ID, SETTINGS
from core_api.platform.uploads import MB, too_large

log = logging.getLogger("console.request")


@web.middleware
async def envelope_middleware(request: web.Request, handler):  # type: ignore[no-untyped-def]
    incoming = request.headers.get("X-Request-Id", "")
    request_id = incoming if incoming.isalnum() and len(incoming) <= 64 else os.urandom(8).hex()
    request[REQUEST_ID] = request_id
    try:
        response = await handler(request)
    except ServiceError as exc:
        response = refused(request, exc)
    except web.HTTPNotFound:
        response = refused(request, NotFound())
    except web.HTTPMethodNotAllowed as exc:
        response = refused(request, refusal("请求地址'{path}'，不支持'{method}'请求", path=request.path,
                                            method=exc.method))
    except web.HTTPRequestEntityTooLarge:
        # the body is larger than an upload may be (client_max_size follows the upload limit)
        response = refused(request, too_large(int(request.app[SETTINGS].upload_max_mb * MB)))
    except HttpProcessingError:
        response = refused(request, ServiceError("请求格式不正确"))  # a malformed form or multipart body
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        response = refused(request, ServiceError(exc.reason or "请求错误"))
    except Exception as exc:
        if reached_the_database_unchecked(exc):
            # The gate should have refused this value, naming its field; the database refused it instead. Still
            # the caller's input, not a fault: said so, and logged for the gate to be completed.
            log.warning("a request value reached the database unchecked on %s %s [request %s]: %s",
                        request.method, request.path, request_id, exc)
            response = refused(request, refusal("请求参数超出取值范围或格式不正确（请求编号 {id}）", id=request_id))
            response.headers["X-Request-Id"] = request_id
            return response
        log.exception("unhandled error on %s %s [request %s]", request.method, request.path, request_id)
        response = refused(request, refusal("系统内部错误，请联系管理员（请求编号 {id}）", id=request_id))
    response.headers["X-Request-Id"] = request_id
    return response


def reached_the_database_unchecked(exc: BaseException) -> bool:
    """A value the database (or the ORM's own field check before it) refuses as data: a number beyond its column,
    a text longer than its column, a malformed value. Not a fault of the server's: PostgreSQL's data exceptions
    (SQLSTATE class 22), asyncpg's refusal to encode an argument, Tortoise's field validation."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, (asyncpg.exceptions.DataError, asyncpg.exceptions._base.DataError,
                                TortoiseValidationError)):
            return True
        current = current.__cause__ or current.__context__
    return False


def refused(request: web.Request, exc: ServiceError) -> web.Response:
    """The refusal's envelope, in English to a caller that asks for it (``schema.REFUSALS``)."""
    text = refusal_text(exc, request_lang(request))
    # a validation refusal names each field's problem, a business refusal of one field its message, for the form
    # to show under the field (CONTRACT.md allows members beside msg; docs/decisions.md)
    fields = exc.fields or ({exc.field: text} if exc.field else None)
    return json_response({"code": exc.code, "msg": text, "fields": fields}) if fields else fail(text, exc.code)


# ---- security headers (core and BFF) ------------------------------------------------------------------

# An API answer or a stored file is never a page: it may load nothing, run nothing and be framed by nobody.
# Pages the apps serve themselves (the API docs, the pool page) set their own policy, which is kept.
API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
HSTS = "max-age=31536000"
SECURITY_HEADERS = {
    "Content-Security-Policy": API_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",
    "Referrer-Policy": "same-origin",
}


def came_over_https(request: web.Request, trusted_proxies: frozenset[str]) -> bool:
    """TLS on this connection, or ``X-Forwarded-Proto: https`` from a proxy we trust (its first value:
    the proxy nearest the client)."""
    if request.secure:
        return True
    proto = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
    return proto == "https" and (request.remote or "") in trusted_proxies


# The Server header names neither the software nor its version (aiohttp's default: "Python/3.11 aiohttp/3.x").
SERVER_NAME = "console"


async def _add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    headers = response.headers
    for name, value in SECURITY_HEADERS.items():
        if name not in headers:
            headers[name] = value
    headers["Server"] = SERVER_NAME
    # Browsers ignore HSTS over plain HTTP, and a console reached over HTTP must stay reachable: only
    # answers that came over HTTPS carry it. (The proxy list is read only when a proxy says https.)
    if (request.secure or "X-Forwarded-Proto" in request.headers) and came_over_https(
            request, request.config_dict[SETTINGS].trusted_proxy_set):
        headers.setdefault("Strict-Transport-Security", HSTS)


def install_security_headers(app: web.Application) -> None:
    """Security headers on every answer of the app and its sub-apps. A response-prepare hook rather than a
    middleware: streamed answers (relayed files, exports, sockets) send their headers inside the handler,
    before a middleware could add any."""
    app.on_response_prepare.append(_add_security_headers)
    # What the HTTP parser answers before any app sees the request (a malformed request line, a header too long)
    # takes aiohttp's default Server header: the process-wide default is replaced for it.
    web_response.SERVER_SOFTWARE = SERVER_NAME
