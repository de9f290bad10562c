"""Pages the core serves for the console to embed (the pool page, the API docs): a one-time ticket from
a signed-in call is exchanged for an encrypted cookie session (aiohttp-session)."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from aiohttp import web
from aiohttp_session import new_session
from aiohttp_session.cookie_storage import EncryptedCookieStorage

from core_api.platform.state import KV

TICKET_TTL = 60
SESSION_SECONDS = 1800


def cookie_storage(secret: bytes, purpose: str, cookie_name: str, samesite: str = "Lax") -> EncryptedCookieStorage:
    key = hashlib.sha256(f"{purpose}:".encode() + secret).digest()  # 32 raw bytes; the storage encodes them
    return EncryptedCookieStorage(key, cookie_name=cookie_name, max_age=SESSION_SECONDS, httponly=True,
                                  samesite=samesite, path="/")


async def issue_ticket(request: web.Request, purpose: str, value: Any) -> str:
    ticket = secrets.token_urlsafe(24)
    await request.app[KV].set(f"{purpose}_ticket:{ticket}", str(value), TICKET_TTL)
    return ticket


async def redeem_ticket(request: web.Request, purpose: str, **fields: Any) -> bool:
    """Takes the ticket of ``?ticket=`` once and opens a cookie session holding ``{key: value}``
    (the value stored with the ticket goes under the key given as ``value_key``)."""
    ticket = request.query.get("ticket", "")
    stored = await request.config_dict[KV].pop(f"{purpose}_ticket:{ticket}") if 0 < len(ticket) <= 64 else None
    if stored is None:
        return False
    session = await new_session(request)
    session[fields["value_key"]] = int(stored)
    session["until"] = time.time() + SESSION_SECONDS
    return True


def session_alive(session: Any, key: str) -> int | None:
    value, until = session.get(key), session.get("until", 0)
    return int(value) if value and until >= time.time() else None
