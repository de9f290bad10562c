from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from core_api.platform.contract import (  # noqa: F401 - the shared models, imported from here by the core
    DeptOut,
    Envelope,
    LoginBody,
    RegisterBody,
    RoleBrief,
    RouterMeta,
    RouterNode,
    UserInfo,
)
from core_api.platform.schema import Schema


class SendCodeBody(Schema):
    phonenumber: str = Field(title="手机号码", min_length=11, max_length=11)
    scene: Literal["register", "phone"] = Field("register", title="用途")


class CaptchaOut(Envelope):
    captcha_enabled: bool
    register_enabled: bool = Field(False, description="config sys.account.registerUser")
    uuid: str | None = None
    img: str | None = Field(None, description="bare base64 PNG, no data: prefix")


class LoginOut(Envelope):
    token: str


class GetInfoOut(Envelope):
    user: UserInfo
    roles: list[str]
    permissions: list[str]
    app_timezone: str | None = Field(None, description="IANA zone of the times on the wire")


class RoutersOut(Envelope):
    data: list[RouterNode]


class PlainOut(Envelope):
    data: Any | None = None
