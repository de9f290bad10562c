"""The sign-in, registration and verification-code flows (RuoYi's SysLoginService and SysRegisterService)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from tortoise.exceptions import IntegrityError

from core_api.auth.service import MSG_BAD_CREDENTIALS, AuthService
from core_api.platform.client import ClientInfo
from core_api.platform.errors import ServiceError
from core_api.platform.schema import english
from core_api.platform.sms import SmsSender
from core_api.system.dept.models import SysDept
from core_api.system.user.models import SysUser
from core_api.system.user.service import user_name_taken

PHONE_RE = re.compile(r"^1[3-9]\d{9}$")
USER_NAME_RE = re.compile(r"^[A-Za-z0-9_.@-]+$")
SMS_TTL = 300
SMS_GAP = 60
SMS_PER_PHONE_PER_DAY = 10
SMS_PER_IP_PER_HOUR = 20


async def sign_in(auth: AuthService, username: str, password: str, code: str | None, ident: str | None,
                  client: ClientInfo) -> str:
    """Checks everything in RuoYi's order and returns a new session token; each attempt is logged.

    Unknown, disabled and deleted users go through the same steps as real ones (the lock of the pair,
    the slow-down, a password hash verified): neither the answer nor its timing tells whether a user
    name exists. Only a caller who knows the password learns that the account is disabled or deleted.
    """
    username = username.strip()
    user_id: int | None = None
    try:
        if await auth.captcha_enabled():
            await auth.check_captcha(code, ident)
        if not username or not password:
            raise ServiceError("用户/密码必须填写")
        if not (2 <= len(username) <= 20) or not (5 <= len(password) <= 20):
            raise ServiceError(MSG_BAD_CREDENTIALS)
        if await auth.ip_blacklisted(client.ip):
            raise ServiceError("很遗憾，访问IP已被列入系统黑名单")
        if not await auth.ip_allowed(client.ip):
            raise ServiceError("登录请求过于频繁，请稍后再试")
        if await auth.password_locked(username, client.ip):
            raise ServiceError(auth.lock_message())
        await auth.slow_down(username)
        user = await SysUser.get_or_none(user_name=username)
        user_id = user.user_id if user else None
        if not await auth.check_password(user, password):
            if await auth.record_failed_password(username, client.ip) >= auth.settings.login_max_retries:
                raise ServiceError(auth.lock_message())
            raise ServiceError(MSG_BAD_CREDENTIALS)
        assert user is not None
        await auth.clear_failed_password(username, client.ip)
        if user.del_flag == "2":
            raise ServiceError(f"对不起，您的账号：{username} 已被删除")
        if user.status == "1":
            raise ServiceError(f"对不起，您的账号：{username} 已停用")
        dept_name = ""
        if user.dept_id is not None:  # type: ignore[attr-defined]
            dept = await SysDept.get_or_none(dept_id=user.dept_id)  # type: ignore[attr-defined]
            dept_name = dept.dept_name if dept else ""
        token, _ = await auth.open_session(user, dept_name, client)
    except ServiceError as exc:
        await auth.publish_login(username or "-", client, False, exc.msg, user_id)
        raise
    await auth.publish_login(username, client, True, "登录成功", user_id)
    return token


async def register(auth: AuthService, username: str, password: str, confirm: str | None, code: str | None,
                   ident: str | None, phone: str | None, sms_code: str | None, client: ClientInfo) -> None:
    if not await auth.config.flag("sys.account.registerUser"):
        raise ServiceError("当前系统没有开启注册功能！")
    if await auth.captcha_enabled():
        await auth.check_captcha(code, ident)
    username = username.strip()
    if not username:
        raise ServiceError("用户名不能为空")
    if not password:
        raise ServiceError("用户密码不能为空")
    if not (2 <= len(username) <= 20):
        raise ServiceError("账户长度必须在2到20个字符之间")
    if not USER_NAME_RE.match(username):  # as the user form takes them: unique without case on every database
        raise ServiceError("账户只能包含字母、数字和 _ . @ -")
    if not (5 <= len(password) <= 20):
        raise ServiceError("密码长度必须在5到20个字符之间")
    if confirm is not None and confirm != password:
        raise ServiceError("两次输入的密码不一致")
    if phone:
        await verify_sms_code(auth, phone, "register", sms_code)
        if await SysUser.filter(phonenumber=phone).exists():
            raise ServiceError(f"保存用户'{username}'失败，手机号码已存在")
    taken = f"保存用户'{username}'失败，注册账号已存在"
    if await user_name_taken(username):
        raise ServiceError(taken)
    try:
        await SysUser.create(
            user_name=username,
            nick_name=username,
            password=await auth.hash(password),
            phonenumber=phone or "",
            pwd_update_date=auth.clock.now(),
            create_by="register",
        )
    except IntegrityError as exc:  # the same name in another case, registered meanwhile
        raise ServiceError(taken) from exc
    await auth.publish_login(username, client, True, "注册成功", None)


def _code_digest(secret: bytes, phone: str, scene: str, code: str) -> str:
    return hmac.new(secret, f"{scene}:{phone}:{code}".encode(), hashlib.sha256).hexdigest()


async def send_code(auth: AuthService, sms: SmsSender, phone: str, scene: str, client: ClientInfo) -> None:
    """Six digits, valid five minutes, single use; at most one a minute and ten a day per number,
    twenty an hour per IP."""
    if not PHONE_RE.match(phone):
        raise ServiceError("手机号码格式不正确")
    if scene == "register" and not await auth.config.flag("sys.account.registerUser"):
        raise ServiceError("当前系统没有开启注册功能，不能发送注册验证码")  # no SMS for a sign-up that cannot happen
    if await auth.kv.incr(f"sms_ip:{client.ip}", 3600) > SMS_PER_IP_PER_HOUR:
        raise ServiceError("验证码发送过于频繁，请稍后再试")
    if await auth.kv.incr(f"sms_gap:{phone}", SMS_GAP) > 1:
        raise ServiceError("验证码发送过于频繁，请稍后再试")
    if await auth.kv.incr(f"sms_day:{phone}", 86400) > SMS_PER_PHONE_PER_DAY:
        raise ServiceError("该号码今日验证码发送次数已达上限")
    code = f"{secrets.randbelow(1_000_000):06d}"
    await auth.kv.set(f"sms_code:{scene}:{phone}", _code_digest(auth.settings.secret, phone, scene, code), SMS_TTL)
    minutes = SMS_TTL // 60
    await sms.send(phone, f"【{auth.settings.product_name}】您的验证码是{code}，{minutes}分钟内有效。请勿泄露给他人。")


async def verify_sms_code(auth: AuthService, phone: str, scene: str, code: str | None) -> None:
    """Every check consumes the code, right or wrong: guessing needs a new SMS each time."""
    stored = await auth.kv.pop(f"sms_code:{scene}:{phone}")
    if stored is None:
        raise ServiceError("短信验证码已失效，请重新获取")
    if not code or not hmac.compare_digest(stored, _code_digest(auth.settings.secret, phone, scene, code.strip())):
        raise ServiceError("短信验证码错误")


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "用户/密码必须填写": "Enter the user name and the password",
    "很遗憾，访问IP已被列入系统黑名单": "Sorry: your IP address is on the system's block list",
    "登录请求过于频繁，请稍后再试": "Too many sign-in attempts: try again later",
    "对不起，您的账号：{username} 已被删除": "Sorry: your account {username} has been deleted",
    "对不起，您的账号：{username} 已停用": "Sorry: your account {username} is disabled",
    "当前系统没有开启注册功能！": "Sign-up is not open on this system",
    "用户名不能为空": "The user name is required",
    "用户密码不能为空": "The password is required",
    "账户长度必须在2到20个字符之间": "The account must be 2 to 20 characters long",
    "密码长度必须在5到20个字符之间": "The password must be 5 to 20 characters long",
    "两次输入的密码不一致": "The two passwords do not match",
    "手机号码格式不正确": "The mobile number is malformed",
    "验证码发送过于频繁，请稍后再试": "Codes are being sent too often: try again later",
    "该号码今日验证码发送次数已达上限": "This number has reached today's limit of codes",
    "短信验证码已失效，请重新获取": "The SMS code has expired: request a new one",
    "短信验证码错误": "The SMS code is wrong",
})
