"""Calls of the mobile app's server and partner systems: signed with the partner key, idempotent by key.

Declare one with ``@api.post(path, partner=True, summary=...)``: the route needs no operator, and before the
handler runs the platform checks

- the signature: ``X-Partner-Timestamp`` (unix seconds, within ±300 s of our clock) and
  ``X-Partner-Signature`` = hex HMAC-SHA256(partner key,
  f"{timestamp}\\n{METHOD}\\n{target}\\n{Idempotency-Key}\\n" + raw body), where target is the request path and,
  when the URL has a query, ``?`` and the query string exactly as sent (not decoded nor re-encoded): a query
  added or changed after signing fails; the key is the header's value (an empty line on a read without one), so
  a signed call cannot be re-sent under another key;
- the ``Idempotency-Key`` header (1–128 visible characters): the first call with a key claims it and its
  answer is stored; a repeat with the same route and body gets the stored answer and applies nothing; a
  repeat with another body (or route) is refused with code 409. Concurrent repeats wait for the first to
  finish. A call that fails (a refusal, a bad body) releases its key, so a corrected retry can apply. The claim
  names the node that runs it; a node marks itself alive in the key-value store every few seconds, and a claim
  whose node has not done so for NODE_TTL (killed, or cut off) is retaken by the repeat that finds it, instead of
  holding the key for ABANDONED_AFTER. A repeat waits on one cheap read at a growing interval, not on claims tried
  again and refused.
  A ``GET`` (a read, such as a configuration page's object) is signed the same way but takes no key;
- a write's signature is accepted once (kept in the key-value store until its timestamp leaves the window), so a
  captured call cannot be applied twice: not under another key (the key is signed), nor under its own once its
  first call failed and let the key go (401). A repeat under the key of a call that was applied gets the stored
  answer, as above. A read may be repeated (it changes nothing, and two app servers reading the same page in the
  same second sign it alike).

The older partner call (``/api/chat/v1/peer_token``) keeps its raw ``X-Partner-Key`` header
(``check_partner_key``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import logging
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Annotated, Any

from aiohttp import web
from pydantic import ConfigDict, Strict

from core_api.platform import sql
from core_api.platform.envelope import json_response
from core_api.platform.errors import ServiceError
from core_api.platform.models import PartnerRequest
from core_api.platform.schema import StrictSchema
from core_api.platform.state import CLOCK, KV, NODE, SETTINGS

log = logging.getLogger("console.partner")

MAX_SKEW = 300
WAIT_FOR_FIRST = 15.0  # a repeat waits this long for the first call with its key
ABANDONED_AFTER = 120.0  # a claim still pending this long belongs to a process that died: retaken
NODE_BEAT = 2.0  # seconds between a node's marks of being alive
NODE_TTL = 8.0  # a node not marked alive for this long is gone: its pending claims older than this are retaken
POLL_FIRST, POLL_MAX = 0.05, 0.5  # a repeat reads the first call's claim again after this, doubling up to POLL_MAX
KEY_RE = re.compile(r"^[\x21-\x7e]{1,128}$")
NOT_AUTHENTICATED = "认证失败，无法访问系统资源"
REPLAYED = "该签名已使用过，请求被拒绝：每次调用请用当前时间戳重新签名"
HEADERS = {
    "X-Partner-Timestamp": "unix seconds; within 300 s of the server's clock",
    "X-Partner-Signature": "hex HMAC-SHA256(partner key, timestamp + '\\n' + METHOD + '\\n' + path[?query as sent]"
                           " + '\\n' + Idempotency-Key + '\\n' + body); a write's signature is accepted once",
    "Idempotency-Key": "the client's key for this operation (1-128 visible ASCII characters)",
}


class PartnerBody(StrictSchema):
    """The body of a partner call: an unknown field is refused, and so is a value of another JSON type than its
    field's (``"quantity": "1"`` is not a quantity). Every partner body model, nested ones included, derives from
    this. JSON has no time type: a time field is declared ``PartnerTime`` or ``PartnerDate`` (text or unix
    seconds, as docs/partner-api.md says)."""

    model_config = ConfigDict(extra="forbid", strict=True)


PartnerTime = Annotated[dt.datetime, Strict(False)]
PartnerDate = Annotated[dt.date, Strict(False)]


def partner_type(typ: Any) -> Any:
    """A declared field's Python type as a partner body takes it: times from their JSON text."""
    return PartnerTime if typ is dt.datetime else PartnerDate if typ is dt.date else typ


def partner_signature(key: str, timestamp: str, method: str, path: str, body: bytes,
                      idempotency_key: str = "") -> str:
    """``path`` with its query as sent; ``idempotency_key`` the header's value (empty on a read without one)."""
    message = f"{timestamp}\n{method.upper()}\n{path}\n{idempotency_key}\n".encode() + body
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def signed_target(request: web.Request) -> str:
    """The path and, when there is one, ``?`` and the query string as it arrived (raw, not re-encoded)."""
    query = request.raw_path.partition("?")[2]
    return f"{request.path}?{query}" if query else request.path


def check_partner_key(request: web.Request) -> None:
    """The older calls: the partner key itself in ``X-Partner-Key``."""
    key = request.app[SETTINGS].partner_key
    # compared as bytes: a header with non-ASCII text is a wrong key, not a crash
    if not key or not hmac.compare_digest(key.encode(), request.headers.get("X-Partner-Key", "").encode()):
        raise ServiceError(NOT_AUTHENTICATED, 401)


def check_signature(request: web.Request, body: bytes) -> tuple[int, str]:
    """The timestamp and the signature, once both are right."""
    key = request.app[SETTINGS].partner_key
    timestamp = request.headers.get("X-Partner-Timestamp", "")
    given = request.headers.get("X-Partner-Signature", "")
    if not key or not timestamp or not given:
        raise ServiceError(NOT_AUTHENTICATED, 401)
    well_formed = timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12
    if not well_formed or abs(int(timestamp) - request.app[CLOCK].time()) > MAX_SKEW:
        raise ServiceError("签名时间戳已过期或格式不正确", 401)
    expected = partner_signature(key, timestamp, request.method, signed_target(request), body,
                                 request.headers.get("Idempotency-Key", ""))
    if not hmac.compare_digest(expected.encode(), given.lower().encode()):
        raise ServiceError("签名不正确", 401)
    return int(timestamp), expected


async def first_use(request: web.Request, timestamp: int, signature: str) -> bool:
    """Claims the signature for as long as its timestamp is in the window: a write is accepted once."""
    ttl = timestamp + MAX_SKEW - request.app[CLOCK].time() + 1
    return await request.app[KV].add(f"partner:signature:{signature}", "1", max(1.0, ttl))


def _replayed(row: PartnerRequest) -> web.Response:
    response = web.Response(body=row.response.encode(), content_type="application/json")
    response.headers["Idempotent-Replayed"] = "true"
    return response


async def run_partner_call(request: web.Request, run: Callable[[], Awaitable[web.StreamResponse]]) \
        -> web.StreamResponse:
    body = await request.read()
    timestamp, signature = check_signature(request, body)
    if request.method == "GET":  # a read changes nothing: signed, but no idempotency key to claim
        return await run()
    key = request.headers.get("Idempotency-Key", "")
    if not KEY_RE.match(key):
        raise ServiceError("请求头 Idempotency-Key 不能为空，且只能是 1-128 个可见字符")
    route = f"{request.method} {request.path}"[:200]
    body_hash = hashlib.sha256(body).hexdigest()
    deadline = asyncio.get_running_loop().time() + WAIT_FOR_FIRST
    poll = POLL_FIRST
    while True:
        claim = await _claim(request, key, route, body_hash)
        if claim is not None:
            break
        row = await PartnerRequest.get_or_none(idem_key=key)
        if row is None:
            continue  # the first call failed and let its key go: this one may apply
        if row.route != route or row.body_hash != body_hash:
            return json_response({"code": 409, "msg": "幂等键已用于另一个请求，请换一个 Idempotency-Key"})
        if row.status == "done":
            return _replayed(row)
        if await _abandoned(request, row):
            await PartnerRequest.filter(id=row.id, status="pending").delete()
            continue
        if asyncio.get_running_loop().time() > deadline:
            return json_response({"code": 409, "msg": "同一幂等键的请求正在处理，请稍后重试"})
        await asyncio.sleep(poll)
        poll = min(poll * 2, POLL_MAX)
    # A signature already accepted on a new claim is a replay of a call whose first run failed and let the key go
    # (re-sent under another key, the signature would not match): a repeat of an applied call was answered above.
    if not await first_use(request, timestamp, signature):
        await PartnerRequest.filter(id=claim).delete()
        raise ServiceError(REPLAYED, 401)
    try:
        response = await run()
    except BaseException:
        await PartnerRequest.filter(id=claim).delete()
        raise
    stored = response.body if isinstance(response, web.Response) else None
    if isinstance(stored, bytes):
        await sql.run(PartnerRequest, "UPDATE sys_partner_request SET status = 'done', response = $1 WHERE id = $2",
                      stored.decode(), claim)
    else:
        await PartnerRequest.filter(id=claim).delete()
    return response


async def _claim(request: web.Request, key: str, route: str, body_hash: str) -> int | None:
    """The claim's id, or None when another call holds the key: one statement either way (a refused INSERT
    raised, was logged by PostgreSQL and was tried again every 50 ms by each waiting repeat)."""
    at = datetime.fromtimestamp(request.app[CLOCK].time(), UTC)
    rows = await sql.fetch(PartnerRequest, "INSERT INTO sys_partner_request (idem_key, route, body_hash, status, "
                           "response, created_at, node) VALUES ($1, $2, $3, 'pending', '', $4, $5) "
                           "ON CONFLICT (idem_key) DO NOTHING RETURNING id", key, route, body_hash, at,
                           request.app[NODE])
    return int(rows[0]["id"]) if rows else None


async def _abandoned(request: web.Request, row: PartnerRequest) -> bool:
    """Whether the pending claim's node is gone: not marked alive for NODE_TTL (a claim of before the nodes were
    named: pending for ABANDONED_AFTER). A key-value store that does not answer leaves the claim to its node."""
    age = request.app[CLOCK].time() - row.created_at.timestamp()
    if age > ABANDONED_AFTER:
        return True
    if not row.node or row.node == request.app[NODE] or age < NODE_TTL:
        return False
    try:
        return await request.app[KV].get(_alive_key(row.node)) is None
    except Exception:  # noqa: BLE001 - the store away: nothing is known of the node
        return False


def _alive_key(node: str) -> str:
    return f"partner:node:{node}"


async def keep_alive(app: web.Application, stop: asyncio.Event) -> None:
    """Marks this node alive every NODE_BEAT seconds until ``stop``; the mark lasts NODE_TTL."""
    while True:
        try:
            await app[KV].set(_alive_key(app[NODE]), "1", NODE_TTL)
        except Exception:  # noqa: BLE001 - the store away: marked again at the next beat
            log.warning("could not mark this node alive in the key-value store", exc_info=True)
        try:
            await asyncio.wait_for(stop.wait(), NODE_BEAT)
            return
        except TimeoutError:
            pass
