"""The database-pool page (the screen monitor/druid/index embeds it, as RuoYi's Druid page is embedded).

The console asks for a one-time ticket (a signed-in call with ``monitor:druid:list``), then opens the
page with it; the page exchanges the ticket for an encrypted cookie session (aiohttp-session) of 30
minutes that holds the operator's session id: every load checks that this session still lives (a sign-out
or a forced logout ends the page too) and still holds the permission."""

from __future__ import annotations

import html
from typing import Any

from aiohttp import web
from aiohttp_session import get_session, session_middleware
from tortoise import connections

from core_api.platform.api import Api
from core_api.platform.contract.system import TicketOut
from core_api.platform.envelope import json_response, ok
from core_api.platform.page_session import cookie_storage, issue_ticket, redeem_ticket, session_alive
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import AUTH

api = Api("pool")
PERMISSION = "monitor:druid:list"
PAGE_PREFIX = "/monitor/pool"


def pool_pages(settings_secret: bytes) -> web.Application:
    """A sub-application under /monitor/pool with its own cookie-session middleware."""
    storage = cookie_storage(settings_secret, "pool-page", "console_pool")
    sub = web.Application(middlewares=[session_middleware(storage)])
    sub.router.add_get("/open", open_page)
    sub.router.add_get("/", page)
    sub.router.add_get("/data", data)
    return sub


@api.post("/monitor/druid/ticket", need=any_perm(PERMISSION),
          summary="A one-time ticket (60 s) that opens the pool page at /monitor/pool/open?ticket=…",
          response=TicketOut)
async def ticket(request: web.Request, principal: Principal) -> web.Response:
    value = await issue_ticket(request, "pool", principal.session_id)
    return ok(data={"ticket": value, "url": f"{PAGE_PREFIX}/open?ticket={value}"})


async def open_page(request: web.Request) -> web.Response:
    if not await redeem_ticket(request, "pool", value_key="session_id"):
        return _message(403, "票据无效或已过期，请从控制台重新打开此页面")
    raise web.HTTPFound(f"{request.headers.get('X-Forwarded-Prefix', '')}{PAGE_PREFIX}/")


def _message(status: int, text: str) -> web.Response:
    body = PAGE.replace("{body}", f"<p>{html.escape(text)}</p>")
    return web.Response(status=status, text=body, content_type="text/html")


async def _refusal(request: web.Request) -> web.Response | None:
    """None when the cookie session belongs to a live console session that holds the permission."""
    session_id = session_alive(await get_session(request), "session_id")
    principal = await request.config_dict[AUTH].principal_for_session(session_id) if session_id else None
    if principal is None:
        return _message(401, "会话已过期，请从控制台重新打开此页面")
    if not principal.authz.has_permi(PERMISSION):
        return _message(403, "当前操作没有权限")
    return None


async def figures(request: web.Request) -> dict[str, Any]:
    conn = connections.get("default")
    dialect = conn.capabilities.dialect
    out: dict[str, Any] = {"database": dialect, "process": {}, "activity": [], "slowest": [], "slowestSource": ""}
    pool = getattr(conn, "_pool", None)
    if pool is not None:
        # a connection idle in the kept reads' lane (platform/asyncpg_client.py) is idle, though the pool lent it
        size, idle = pool.get_size(), pool.get_idle_size() + getattr(conn, "lane_idle", lambda: 0)()
        out["process"] = {"min": pool.get_min_size(), "max": pool.get_max_size(), "size": size, "idle": idle,
                          "inUse": size - idle}
    else:
        out["process"] = {"min": 1, "max": 1, "size": 1, "idle": 0, "inUse": 1}
    if dialect != "postgres":
        out["slowestSource"] = "SQLite 没有语句统计"
        return out
    out["activity"] = await conn.execute_query_dict(
        "SELECT pid, usename AS user, application_name AS app, client_addr::text AS client, state,"
        " EXTRACT(EPOCH FROM (now() - query_start))::float AS seconds, LEFT(query, 300) AS query"
        " FROM pg_stat_activity WHERE datname = current_database() ORDER BY query_start NULLS LAST LIMIT 100")
    has_statements = await conn.execute_query_dict(
        "SELECT 1 AS ok FROM pg_extension WHERE extname = 'pg_stat_statements'")
    if has_statements:
        out["slowest"] = await conn.execute_query_dict(
            "SELECT LEFT(query, 300) AS query, calls, mean_exec_time AS mean_ms, total_exec_time AS total_ms"
            " FROM pg_stat_statements ORDER BY mean_exec_time DESC LIMIT 20")
        out["slowestSource"] = "pg_stat_statements"
    else:
        out["slowest"] = sorted((a for a in out["activity"] if a["state"] == "active" and a["seconds"]),
                                key=lambda a: -a["seconds"])[:20]
        out["slowestSource"] = "pg_stat_activity（未安装 pg_stat_statements，按当前执行时长）"
    return out


async def data(request: web.Request) -> web.Response:
    if refused := await _refusal(request):
        return refused
    return json_response({"code": 200, "msg": "操作成功", "data": await figures(request)})


def _cell(value: Any) -> str:
    return html.escape("" if value is None else f"{value:.2f}" if isinstance(value, float) else str(value))


def _table(rows: list[dict[str, Any]], columns: list[tuple[str, str]]) -> str:
    head = "".join(f"<th>{html.escape(title)}</th>" for _, title in columns)
    body = "".join("<tr>" + "".join(f"<td>{_cell(r.get(k))}</td>" for k, _ in columns) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body or '<tr><td>—</td></tr>'}</tbody></table>"


async def page(request: web.Request) -> web.Response:
    if refused := await _refusal(request):
        return refused
    f = await figures(request)
    p = f["process"]
    process = _table([p], [("size", "连接数"), ("inUse", "使用中"), ("idle", "空闲"), ("min", "最小"), ("max", "最大")])
    activity = _table(f["activity"], [("pid", "PID"), ("user", "用户"), ("app", "应用"), ("client", "客户端"),
                                      ("state", "状态"), ("seconds", "已执行(秒)"), ("query", "语句")])
    slow_cols = [("query", "语句"), ("calls", "次数"), ("mean_ms", "平均(毫秒)"), ("total_ms", "总计(毫秒)")] \
        if f["slowestSource"] == "pg_stat_statements" else [("query", "语句"), ("seconds", "已执行(秒)")]
    # refreshed when the operator asks (a timed reload takes the page away from a screen reader: WCAG 2.2.1)
    body = (f"<h1>数据库连接池</h1><p><a href=\"\">刷新</a></p><p>数据库：{_cell(f['database'])}（本进程）</p>{process}"
            f"<h2>当前连接与语句</h2>{activity}<h2>最慢语句</h2><p>{_cell(f['slowestSource'])}</p>"
            f"{_table(f['slowest'], slow_cols)}")
    return web.Response(text=PAGE.replace("{body}", body), content_type="text/html", headers={
        "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'"})


PAGE = """<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<title>数据库连接池</title><style>
body{font:13px/1.5 system-ui,sans-serif;margin:16px;color:#303133}h1{font-size:18px}h2{font-size:15px;margin-top:20px}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #ebeef5;padding:4px 8px;text-align:left;
vertical-align:top;word-break:break-all}th{background:#f5f7fa}</style></head><body>{body}</body></html>"""

