from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

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
    """A code to a phone number (sign-up, phone change), or, for an operator holding
    account:consumer:editInfo, to the phone of the app user ``uid`` (scene ``consumer``)."""

    uid: int | None = Field(None, ge=0, title="用户ID")
    phonenumber: str | None = Field(None, title="手机号码", min_length=11, max_length=11, validate_default=True)
    scene: Literal["register", "phone", "consumer"] = Field("register", title="用途")

    @field_validator("phonenumber")
    @classmethod
    def _phone_unless_uid(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None and info.data.get("uid") is None:
            raise PydanticCustomError("missing", "Field required")
        return value

    @model_validator(mode="after")
    def _scene(self) -> SendCodeBody:
        if self.uid is not None:
            self.scene = "consumer"
        elif self.scene == "consumer":
            raise ValueError("用户ID不能为空")
        return self


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
