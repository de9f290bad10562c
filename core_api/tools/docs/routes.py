"""API documentation (Tools > System API): Swagger UI served offline with the core's OpenAPI document
and the BFF's beside it.

In development the pages are open. In production they open with a one-time ticket (a signed-in call
with ``tool:swagger:list``) exchanged for an encrypted cookie session, like the pool page; "try it out"
then calls the API with that cookie, which the core accepts only together with the header
``X-Docs-Request: 1`` (a header no other site can make a browser send), for as long as the operator's
own session lives.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web
from aiohttp_session import get_session, session_middleware
from aiohttp_session.cookie_storage import EncryptedCookieStorage

from core_api.platform.api import Api
from core_api.platform.contract.system import TicketOut
from core_api.platform.envelope import json_response, ok
from core_api.platform.errors import Forbidden
from core_api.platform.page_session import cookie_storage, issue_ticket, redeem_ticket, session_alive
from core_api.platform.security import Principal, any_perm
from core_api.platform.settings import ROOT
from core_api.platform.state import AUTH, OPENAPI, SETTINGS

api = Api("docs")
PERMISSION = "tool:swagger:list"
SWAGGER_DIR = ROOT / "node_modules" / "swagger-ui-dist"
BFF_DOCUMENT = ROOT / "bff" / "openapi.json"
DOCS_HEADER = "X-Docs-Request"
# The page loads only its own files; Swagger UI sets inline styles and draws data: icons. Framed only by the
# console (same origin through the web's relay).
PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; "
               "base-uri 'self'; form-action 'self'; frame-ancestors 'self'")

# Swagger UI's own colours put white on light method badges and light green/blue text on white (under WCAG AA's
# 4.5:1): the page darkens them, as the console's screens are (the browser suite runs axe over this one too).
CONTRAST = """.swagger-ui .opblock .opblock-summary-method{color:#080a0b;text-shadow:none}
.swagger-ui .opblock.opblock-head .opblock-summary-method,
.swagger-ui .opblock.opblock-options .opblock-summary-method{color:#fff}
.swagger-ui .info .title small pre{color:#080a0b}
.swagger-ui .info a,.swagger-ui .info a .url{color:#1f5fa8}
.swagger-ui .btn.authorize,.swagger-ui .btn.authorize svg{color:#1b6e45;border-color:#1b6e45}
.swagger-ui .btn.authorize svg path{fill:#1b6e45}
.swagger-ui input[disabled],.swagger-ui select[disabled],.swagger-ui textarea[disabled]{color:#595959}
.swagger-ui .json-schema-2020-12-expand-deep-button{color:#595959}"""

PAGE = """<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>系统接口</title>
<link rel="stylesheet" href="assets/swagger-ui.css"><style>""" + CONTRAST + """</style></head><body><div id="ui"></div>
<script src="assets/swagger-ui-bundle.js"></script><script src="assets/swagger-ui-standalone-preset.js"></script>
<script src="init.js"></script></body></html>"""

# Relative addresses throughout, so the page works wherever a proxy mounts it (…/docs/).
INIT = """(function () {
  // Mounted behind a proxy at <base>/docs/: "try it out" calls go to <base>/<path>.
  var base = window.location.pathname.replace(/\\/docs\\/.*$/, "");
  window.ui = SwaggerUIBundle({
    urls: [{url: "openapi.json", name: "core API"}, {url: "bff.json", name: "BFF"}],
    "urls.primaryName": "core API",
    validatorUrl: null,
    dom_id: "#ui",
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout",
    requestInterceptor: function (req) {
      // relative addresses (the selector's "bff.json") are the page's own files
      var url = new URL(req.url, window.location.href);
      if (url.origin === window.location.origin && base && url.pathname.indexOf(base + "/") !== 0) {
        url.pathname = base + url.pathname;
        req.url = url.toString();
      }
      req.headers["X-Docs-Request"] = "1";
      req.credentials = "same-origin";
      return req;
    }
  });
})();"""


def docs_storage(secret: bytes) -> EncryptedCookieStorage:
    return cookie_storage(secret, "docs-page", "console_docs", samesite="Strict")


DOCS_STORAGE: web.AppKey[EncryptedCookieStorage] = web.AppKey("docs_storage")


def docs_pages(secret: bytes) -> web.Application:
    storage = docs_storage(secret)
    sub = web.Application(middlewares=[session_middleware(storage)])
    sub.router.add_get("/open", open_docs)
    sub.router.add_get("/", page)
    sub.router.add_get("/init.js", init_js)
    sub.router.add_get("/openapi.json", core_document)
    sub.router.add_get("/bff.json", bff_document)
    if SWAGGER_DIR.is_dir():
        sub.router.add_static("/assets", SWAGGER_DIR, follow_symlinks=False)
    return sub


@api.post("/tool/swagger/ticket", need=any_perm(PERMISSION),
          summary="A one-time ticket (60 s) that opens the API documentation at /docs/open?ticket=…",
          response=TicketOut)
async def ticket(request: web.Request, principal: Principal) -> web.Response:
    value = await issue_ticket(request, "docs", principal.session_id)
    return ok(data={"ticket": value, "url": f"/docs/open?ticket={value}"})


async def open_docs(request: web.Request) -> web.Response:
    if not await redeem_ticket(request, "docs", value_key="session_id"):
        return web.Response(status=403, text="票据无效或已过期，请从控制台重新打开此页面")
    raise web.HTTPFound("./")


async def _allowed(request: web.Request) -> bool:
    if request.config_dict[SETTINGS].env != "production":
        return True
    session = await get_session(request)
    return await principal_of(request, session) is not None


async def principal_of(request: web.Request, session: Any) -> Principal | None:
    session_id = session_alive(session, "session_id")
    if session_id is None:
        return None
    principal = await request.config_dict[AUTH].principal_for_session(session_id)
    return principal if principal is not None and principal.authz.has_permi(PERMISSION) else None


async def page(request: web.Request) -> web.Response:
    if not await _allowed(request):
        return web.Response(status=403, text="当前操作没有权限")
    if not SWAGGER_DIR.is_dir():
        return web.Response(text="Swagger UI is not installed: run npm ci at the repository root.", status=503)
    return web.Response(text=PAGE, content_type="text/html",
                        headers={"Cache-Control": "no-store", "Content-Security-Policy": PAGE_POLICY})


async def init_js(_request: web.Request) -> web.Response:
    return web.Response(text=INIT, content_type="application/javascript")


async def core_document(request: web.Request) -> web.Response:
    if not await _allowed(request):
        raise Forbidden()
    return json_response(request.config_dict[OPENAPI]())


async def bff_document(request: web.Request) -> web.Response:
    if not await _allowed(request):
        raise Forbidden()
    return web.Response(body=_bff_document(), content_type="application/json")


_bff_bytes: bytes | None = None


def _bff_document() -> bytes:
    global _bff_bytes
    if _bff_bytes is None:
        _bff_bytes = BFF_DOCUMENT.read_bytes()
    return _bff_bytes


async def principal_from_docs_cookie(request: web.Request) -> Principal | None:
    """"Try it out" from the documentation page: its cookie session, with the docs header."""
    if request.headers.get(DOCS_HEADER) != "1":
        return None
    storage = request.config_dict.get(DOCS_STORAGE)
    if storage is None:
        return None
    session = await storage.load_session(request)
    return await principal_of(request, session)
