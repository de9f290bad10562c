"""SMS adapter: a local one that records what it sends (the development outbox) and an HTTP one."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import aiohttp

from core_api.platform.errors import ServiceError

log = logging.getLogger("console.sms")


class SmsSender(Protocol):
    async def send(self, phone: str, content: str) -> None: ...


# The local outbox a development or test install keeps its messages in: set by core_api.auth.models (its table).
OUTBOX: list[Callable[[str, str], Awaitable[Any]]] = []


class LocalSms:
    async def send(self, phone: str, content: str) -> None:
        if not OUTBOX:
            raise RuntimeError("no SMS outbox is registered (core_api.auth.models)")
        await OUTBOX[0](phone, content)
        log.info("SMS to %s: %s", phone, content)


class HttpSms:
    """POSTs ``{"phone", "content"}`` as JSON with a bearer token to the provider's gateway."""

    def __init__(self, url: str, token: str, timeout: float = 10.0) -> None:
        self.url = url
        self.token = token
        self.timeout = aiohttp.ClientTimeout(total=timeout)

    async def send(self, phone: str, content: str) -> None:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        try:
            async with aiohttp.ClientSession(timeout=self.timeout) as session:
                async with session.post(self.url, json={"phone": phone, "content": content}, headers=headers) as r:
                    if r.status >= 300:
                        log.error("SMS gateway answered %s: %s", r.status, (await r.text())[:200])
                        raise ServiceError("短信发送失败，请稍后再试")
        except aiohttp.ClientError as exc:
            log.error("SMS gateway unreachable: %r", exc)
            raise ServiceError("短信发送失败，请稍后再试") from None


def make_sms(provider: str, url: str, token: str) -> SmsSender:
    if provider == "http":
        if not url:
            raise ValueError("CONSOLE_SMS_HTTP_URL is required when CONSOLE_SMS_PROVIDER=http")
        return HttpSms(url, token)
    return LocalSms()
