"""The BFF's only way to the core API: HTTP with the operator's bearer token, one pooled session."""

from __future__ import annotations

from typing import Any

import aiohttp
import orjson
from aiohttp import web

from core_api.platform.errors import ServiceError
from core_api.platform.schema import refusal

CORE_SESSION: web.AppKey[aiohttp.ClientSession] = web.AppKey("core_session")


class CoreError(ServiceError):
    """The core API answered with a non-200 code; the BFF passes code, message and named fields on unchanged."""


class CoreClient:
    def __init__(self, session: aiohttp.ClientSession, base_url: str, headers: dict[str, str]) -> None:
        self._session = session
        self._base = base_url.rstrip("/")
        self._headers = headers

    @property
    def english(self) -> bool:
        """Whether the caller reads English (its ``Accept-Language``, passed on to the core)."""
        return self._headers.get("Accept-Language", "").lower().startswith("en")

    async def call(self, method: str, path: str, *, params: dict[str, Any] | None = None,
                   json: Any = None, timeout: float = 60.0) -> dict[str, Any]:
        """Returns the whole envelope when its code is 200, else raises CoreError with code and msg."""
        try:
            async with self._session.request(
                method, self._base + path, params=params,
                data=orjson.dumps(json) if json is not None else None,
                headers={**self._headers, **({"Content-Type": "application/json"} if json is not None else {})},
                timeout=aiohttp.ClientTimeout(total=timeout),
            ) as response:
                body = await response.read()
                if response.status != 200:
                    raise refusal("系统接口{status}异常", error=CoreError, status=response.status)
        except aiohttp.ClientError:
            raise CoreError("后端接口连接异常", 500) from None
        except TimeoutError:
            raise CoreError("系统接口请求超时", 500) from None
        try:
            envelope = orjson.loads(body)
        except orjson.JSONDecodeError:
            raise CoreError("系统接口返回了无法识别的内容", 500) from None
        code = envelope.get("code", 200)
        if code not in (200, "0000"):
            msg = str(envelope.get("msg") or "系统未知错误，请反馈给管理员")
            # a refused form's field problems pass on too, for the form to show them under the fields
            named = envelope.get("fields")
            fields = {str(k): str(v) for k, v in named.items()} if isinstance(named, dict) and named else None
            raise CoreError(msg, int(code) if str(code).isdigit() else 500, fields=fields)
        return envelope

    async def get(self, path: str, **kw: Any) -> dict[str, Any]:
        return await self.call("GET", path, **kw)

    async def post(self, path: str, **kw: Any) -> dict[str, Any]:
        return await self.call("POST", path, **kw)
