"""Sign-in and the session: captchaImage, login, logout, register, getInfo, getRouters, send_code."""

from __future__ import annotations

import secrets

from aiohttp import web

from core_api.auth import signin
from core_api.auth.schemas import (
    CaptchaOut,
    Envelope,
    GetInfoOut,
    LoginBody,
    LoginOut,
    RegisterBody,
    RoutersOut,
    SendCodeBody,
)
from core_api.platform.api import Api
from core_api.platform.client import client_info
from core_api.platform.counts import changed
from core_api.platform.envelope import MSG_OK, dumps, ok
from core_api.platform.errors import NotAuthenticated
from core_api.platform.security import Principal
from core_api.platform.state import AUTH, SETTINGS, SMS

# Where the session's chat token goes in a user's cached getInfo answer: unguessable, so no user's own text holds it.
TOKEN_MARK = f"token-{secrets.token_hex(16)}"

api = Api("auth")


def _client(request: web.Request):
    return client_info(request, request.app[SETTINGS].trusted_proxy_set)


@api.get("/captchaImage", public=True, summary="Math captcha image (single use, two minutes)", response=CaptchaOut)
async def captcha_image(request: web.Request) -> web.Response:
    auth = request.app[AUTH]
    # registerEnabled as RuoYi-Vue3-FastAPI answers it: sign-in pages show "立即注册" only when it is true
    register = await auth.config.flag("sys.account.registerUser")
    if not await auth.captcha_enabled():
        return ok(captchaEnabled=False, registerEnabled=register)
    ident, img = await auth.new_captcha()
    return ok(captchaEnabled=True, registerEnabled=register, uuid=ident, img=img)


@api.post("/login", public=True, summary="Sign in; returns the session token", response=LoginOut)
async def login(request: web.Request, body: LoginBody) -> web.Response:
    token = await signin.sign_in(request.app[AUTH], body.username, body.password, body.code, body.uuid,
                                 _client(request))
    return ok(token=token)


@api.post("/logout", public=True, summary="Sign out: ends the caller's session", response=Envelope)
async def logout(request: web.Request, principal: Principal | None) -> web.Response:
    if principal is not None:
        await request.app[AUTH].end_session(principal.session_id)
    return ok(msg="退出成功")


@api.post("/register", public=True, summary="Self-registration (config sys.account.registerUser)", response=Envelope)
async def register(request: web.Request, body: RegisterBody) -> web.Response:
    await signin.register(request.app[AUTH], body.username, body.password, body.confirm_password, body.code,
                          body.uuid, body.phonenumber, body.sms_code, _client(request))
    await changed(request.app, "sys_user")
    return ok()


@api.post("/admin/open/send_code", public=True, summary="Send a six-digit SMS verification code",
          response=Envelope)
async def send_code(request: web.Request, principal: Principal | None, body: SendCodeBody) -> web.Response:
    if body.uid is not None:
        from core_api.account.consumer.service import send_consumer_code

        await send_consumer_code(request.app, principal, body.uid, _client(request))
        return ok(msg="验证码已发送")
    assert body.phonenumber is not None
    await signin.send_code(request.app[AUTH], request.app[SMS], body.phonenumber, body.scene, _client(request))
    return ok(msg="验证码已发送")


@api.get("/getInfo", login_only=True, summary="The signed-in user, role keys and permissions", response=GetInfoOut)
async def get_info(request: web.Request, principal: Principal) -> web.Response:
    auth = request.app[AUTH]
    cached = await auth.cached_user(principal.user_id)
    if cached is None:
        raise NotAuthenticated()
    if cached.info_body is None:
        authz = cached.authz
        # appTimezone: the zone the wire's times are in; RuoYi-Vue3-FastAPI consoles refuse a getInfo without it.
        body = dumps({"code": 200, "msg": MSG_OK, "user": {**cached.info, "token": TOKEN_MARK},
                      "roles": list(authz.roles), "permissions": sorted(authz.permissions),
                      "appTimezone": request.app[SETTINGS].timezone})
        before, _, after = body.partition(dumps(TOKEN_MARK))
        cached.info_body = (before, after)
    before, after = cached.info_body
    token = dumps(auth.chat_token(principal.session_id))
    return web.Response(body=before + token + after, content_type="application/json")


@api.get("/getRouters", login_only=True, summary="The signed-in user's menu as a route tree", response=RoutersOut)
async def get_routers(request: web.Request, principal: Principal) -> web.Response:
    return web.Response(body=await request.app[AUTH].routers_body(principal.authz), content_type="application/json")
