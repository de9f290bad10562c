"""The hand-written part of the Python partner client: signing, idempotency keys and retries.

``console_partner`` beside it is generated from the partner API's OpenAPI document (clients/generate.py); this
module gives it a client whose transport signs every attempt of every call (docs/partner-api.md "Signing"):

    from console_partner.api.partner import withdrawal_partner_credit
    from console_partner.models import CreditIn
    from partner_client import idempotency_key, signed_client, unwrap

    client = signed_client("https://core.example.com", partner_key)
    with idempotency_key(f"credit-{biz_no}"):  # optional: a key of your own operation
        credited = unwrap(withdrawal_partner_credit.sync(client=client, body=CreditIn(...)))

- ``X-Partner-Timestamp`` and ``X-Partner-Signature``: HMAC-SHA256 of the timestamp, the method, the path with
  its query as it goes on the wire, the idempotency key and the raw body, computed afresh for each attempt (a
  write's signature is accepted once);
- ``Idempotency-Key`` on every write: the one set with ``idempotency_key(...)`` or a new random one, kept by
  every retry of that call, so a write whose answer was lost is applied once and its retry gets the stored answer;
- retries: a connection failure, a timeout or an answer 502/503/504 is retried (``retries`` times, with a
  growing pause); a refusal in the envelope is an answer, never retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import hmac
import itertools
import time
import uuid
from collections.abc import Iterator
from typing import Any, TypeVar

import httpx
from console_partner.client import AuthenticatedClient
from console_partner.models.error_result import ErrorResult

RETRIED_STATUS = frozenset({502, 503, 504})
_KEY: contextvars.ContextVar[str | None] = contextvars.ContextVar("partner_idempotency_key", default=None)
T = TypeVar("T")


class PartnerError(Exception):
    """A call the core refused: its envelope's ``code`` and ``msg``."""

    def __init__(self, code: int, msg: str) -> None:
        super().__init__(f"{code} {msg}")
        self.code, self.msg = code, msg


def signature(key: str, timestamp: str, method: str, target: str, idem: str, body: bytes) -> str:
    """``target``: the path and, when there is one, ``?`` and the query string as sent."""
    message = f"{timestamp}\n{method.upper()}\n{target}\n{idem}\n".encode() + body
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


@contextlib.contextmanager
def idempotency_key(key: str) -> Iterator[None]:
    """The writes made inside take this key instead of a random one (your own operation's id, so that a retry
    after a restart is still the same operation)."""
    token = _KEY.set(key)
    try:
        yield
    finally:
        _KEY.reset(token)


def unwrap(answer: T | ErrorResult | None) -> T:
    """The answer of a call that succeeded; a refusal raises ``PartnerError``."""
    if answer is None:
        raise PartnerError(0, "no answer the document describes")
    code = getattr(answer, "code", 0)
    if isinstance(answer, ErrorResult) and code == 200:  # the success model did not parse it
        raise PartnerError(code, f"a success the document does not describe: {answer.additional_properties}")
    if isinstance(answer, ErrorResult) or code != 200:
        raise PartnerError(code, getattr(answer, "msg", ""))
    return answer


class _Signer:
    def __init__(self, key: str, retries: int, pause: float) -> None:
        if not key:
            raise ValueError("the partner key is empty")
        self.key, self.retries, self.pause = key, retries, pause

    def prepare(self, request: httpx.Request) -> None:
        """Once per call: the idempotency key a write keeps over its retries."""
        if request.method != "GET" and "Idempotency-Key" not in request.headers:
            request.headers["Idempotency-Key"] = _KEY.get() or uuid.uuid4().hex

    def sign(self, request: httpx.Request) -> None:
        """Each attempt: a fresh timestamp and its signature."""
        timestamp = str(int(time.time()))
        idem = request.headers.get("Idempotency-Key", "")
        request.headers["X-Partner-Timestamp"] = timestamp
        request.headers["X-Partner-Signature"] = signature(self.key, timestamp, request.method,
                                                           request.url.raw_path.decode("ascii"), idem,
                                                           request.read())

    def settle(self, attempt: int, outcome: httpx.Response | httpx.TransportError) -> float | None:
        """The pause before the next attempt, or None when this outcome is final (answered, or raised)."""
        final = attempt >= self.retries or (isinstance(outcome, httpx.Response)
                                            and outcome.status_code not in RETRIED_STATUS)
        return None if final else self.pause * 2**attempt


def _final(outcome: httpx.Response | httpx.TransportError) -> httpx.Response:
    if isinstance(outcome, httpx.TransportError):
        raise outcome
    return outcome


class SignedTransport(httpx.BaseTransport):
    def __init__(self, signer: _Signer, inner: httpx.BaseTransport | None = None) -> None:
        self.signer, self.inner = signer, inner or httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.signer.prepare(request)
        for attempt in itertools.count():
            self.signer.sign(request)
            outcome: httpx.Response | httpx.TransportError
            try:
                outcome = self.inner.handle_request(request)
            except httpx.TransportError as exc:
                outcome = exc
            if (pause := self.signer.settle(attempt, outcome)) is None:
                break
            if isinstance(outcome, httpx.Response):
                outcome.close()
            time.sleep(pause)
        return _final(outcome)

    def close(self) -> None:
        self.inner.close()


class AsyncSignedTransport(httpx.AsyncBaseTransport):
    def __init__(self, signer: _Signer, inner: httpx.AsyncBaseTransport | None = None) -> None:
        self.signer, self.inner = signer, inner or httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.signer.prepare(request)
        for attempt in itertools.count():
            self.signer.sign(request)
            outcome: httpx.Response | httpx.TransportError
            try:
                outcome = await self.inner.handle_async_request(request)
            except httpx.TransportError as exc:
                outcome = exc
            if (pause := self.signer.settle(attempt, outcome)) is None:
                break
            if isinstance(outcome, httpx.Response):
                await outcome.aclose()
            await asyncio.sleep(pause)
        return _final(outcome)

    async def aclose(self) -> None:
        await self.inner.aclose()


def signed_client(base_url: str, partner_key: str, *, retries: int = 3, pause: float = 0.2,
                  timeout: float = 30.0, **httpx_args: Any) -> AuthenticatedClient:
    """A client of the generated package for both its ``sync`` and ``asyncio`` functions, signing every call."""
    signer = _Signer(partner_key, retries, pause)
    client = AuthenticatedClient(base_url=base_url, token="", prefix="", auth_header_name="X-Partner-Signature")
    client.set_httpx_client(httpx.Client(base_url=base_url, timeout=timeout, transport=SignedTransport(signer),
                                         **httpx_args))
    client.set_async_httpx_client(httpx.AsyncClient(base_url=base_url, timeout=timeout,
                                                    transport=AsyncSignedTransport(signer), **httpx_args))
    return client
