"""Chat tokens. Staff: the session's chat token (``<sessionId>.<mac>``, alive while the session is).
App users and shops: ``p.<kind>.<id>.<expiry>.<mac>``, issued to the mobile app and partner systems."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

PEER_KINDS = ("user", "shop")
PEER_TOKEN_SECONDS = 7 * 86400


@dataclass(frozen=True)
class ChatIdentity:
    kind: str  # "staff", "user" or "shop"
    id: int
    session_id: int | None = None

    @property
    def is_staff(self) -> bool:
        return self.kind == "staff"

    @property
    def room(self) -> str:
        """The socket room every connection of this identity joins."""
        return f"{self.kind}:{self.id}"


def _mac(secret: bytes, text: str) -> str:
    return hmac.new(secret, f"chat:{text}".encode(), hashlib.sha256).hexdigest()[:40]


def peer_token(secret: bytes, kind: str, peer_id: int, now: float, seconds: int = PEER_TOKEN_SECONDS) -> str:
    body = f"p.{kind}.{peer_id}.{int(now + seconds)}"
    return f"{body}.{_mac(secret, body)}"


def peer_identity(secret: bytes, token: str, now: float) -> ChatIdentity | None:
    parts = token.split(".")
    if len(parts) != 5 or parts[0] != "p" or parts[1] not in PEER_KINDS:
        return None
    body = ".".join(parts[:4])
    if not parts[2].isdigit() or not parts[3].isdigit() or int(parts[3]) < now:
        return None
    if not hmac.compare_digest(_mac(secret, body), parts[4]):
        return None
    return ChatIdentity(parts[1], int(parts[2]))
