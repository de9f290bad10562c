"""Sign-in screen: captcha, login, register and logout, passed through to the core API."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract import Envelope, LoginBody, RegisterBody
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema

api = Api("auth")


class Captcha(Schema):
    captcha_enabled: bool
    register_enabled: bool = Field(False, description="self-registration is open (config sys.account.registerUser)")
    uuid: str | None = None
    img: str | None = Field(None, description="bare base64 PNG; show as data:image/png;base64,<img>")


class CaptchaOut(Envelope):
    data: Captcha


class Token(Schema):
    token: str


class TokenOut(Envelope):
    data: Token


@api.get("/bff/auth/captcha", public=True, summary="A new captcha (or captchaEnabled false)", response=CaptchaOut)
async def captcha(core: CoreClient) -> web.Response:
    env = await core.get("/captchaImage", timeout=20)
    return ok(data={"captchaEnabled": env.get("captchaEnabled", True),
                    "registerEnabled": env.get("registerEnabled", False),
                    "uuid": env.get("uuid"), "img": env.get("img")})


@api.post("/bff/auth/login", public=True, summary="Sign in; data.token is the core session token",
          response=TokenOut)
async def login(core: CoreClient, body: LoginBody) -> web.Response:
    env = await core.post("/login", json=body.model_dump(by_alias=True))
    return ok(data={"token": env["token"]})


@api.post("/bff/auth/register", public=True, summary="Self-registration when enabled", response=Envelope)
async def register(core: CoreClient, body: RegisterBody) -> web.Response:
    env = await core.post("/register", json=body.model_dump(by_alias=True, exclude_none=True))
    return ok(msg=env.get("msg", "操作成功"))


@api.post("/bff/auth/logout", login_only=True, summary="Sign out: ends the session", response=Envelope)
async def logout(core: CoreClient) -> web.Response:
    await core.post("/logout")
    return ok(msg="退出成功")
