"""The personal center (RuoYi /system/user/profile): the caller's own record, password and avatar."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field

from core_api.auth.signin import verify_sms_code
from core_api.platform.api import Api, BusinessType, OperLogSpec, validate
from core_api.platform.audit import updated
from core_api.platform.counts import changed
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.passwords import hash_password
from core_api.platform.schema import Flag, OptionalEmail, Schema, english, refuse_changes
from core_api.platform.security import Principal
from core_api.platform.state import AUTH, CLOCK, CONFIG, STORAGE
from core_api.platform.uploads import IMAGE_TYPES, check, read_upload, upload_limit
from core_api.system.post.models import SysPost
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser, SysUserPost
from core_api.system.user.service import check_password_rule, check_unique, load_user, user_view

api = Api("profile")
AVATAR_TYPES = ("bmp", "gif", "jpg", "jpeg", "png")


class ProfileBody(Schema):
    """Only the first four fields of one's own record change here, and only those sent (RuoYi applies a
    partial profile); the id comes from the session. A client may echo its whole record back: the
    identity and state fields after ``sms_code`` are refused unless they hold the stored values."""

    nick_name: str | None = Field(None, title="用户昵称", min_length=1, max_length=30)
    email: OptionalEmail = Field(None, title="邮箱", max_length=50)
    phonenumber: str | None = Field(None, title="手机号码", pattern=r"^(1[3-9]\d{9})?$")
    sex: Flag | None = Field(None, title="性别", pattern=r"^[012]$")
    sms_code: str | None = Field(None, title="短信验证码", max_length=6)
    user_id: Any = Field(None, title="用户ID", exclude=True)
    user_name: Any = Field(None, title="用户账号", exclude=True)
    status: Any = Field(None, title="帐号状态", exclude=True)
    del_flag: Any = Field(None, title="删除标志", exclude=True)
    admin: Any = Field(None, title="超级管理员标识", exclude=True)
    password: Any = Field(None, title="用户密码", exclude=True)


class PasswordBody(Schema):
    old_password: str = Field(title="旧密码", max_length=20)
    new_password: str = Field(title="新密码", max_length=20)


class PasswordChange(Schema):
    """The documented JSON body; RuoYi's query form (?oldPassword=…&newPassword=…) is read instead when given."""

    old_password: str | None = Field(None, title="旧密码", max_length=20)
    new_password: str | None = Field(None, title="新密码", max_length=20)


@api.get("/system/user/profile", login_only=True, summary="The caller's own record, role and post names")
async def get_profile(principal: Principal) -> web.Response:
    loaded = await load_user(principal.user_id)
    if loaded is None:
        raise NotFound()
    user, dept, roles = loaded
    post_ids = await SysUserPost.filter(user_id=principal.user_id).values_list("post_id", flat=True)
    posts = await SysPost.filter(post_id__in=list(post_ids)).order_by("post_sort").values_list("post_name", flat=True)
    return ok(data=user_view(user, dept, roles), roleGroup=",".join(r["role_name"] for r in roles),
              postGroup=",".join(posts))  # type: ignore[arg-type]


@api.put("/system/user/profile", login_only=True,
         summary="Change one's nick name, e-mail, phone (with an SMS code) and sex",
         log=OperLogSpec("个人信息", BusinessType.UPDATE))
async def update_profile(request: web.Request, principal: Principal, body: ProfileBody) -> web.Response:
    user = await SysUser.get(user_id=principal.user_id)
    refuse_changes(body, {"user_id": user.user_id, "user_name": user.user_name, "status": user.status,
                          "del_flag": user.del_flag, "admin": user.user_id == SUPER_ADMIN_ID,
                          "password": user.password})
    sent = body.model_fields_set
    changes: dict[str, Any] = {}
    if "nick_name" in sent:
        if not body.nick_name:
            raise ServiceError("用户昵称不能为空")
        changes["nick_name"] = body.nick_name
    if "email" in sent:
        changes["email"] = body.email or ""
    if "phonenumber" in sent:
        changes["phonenumber"] = body.phonenumber or ""
    if "sex" in sent and body.sex:
        changes["sex"] = body.sex
    await check_unique(user.user_id, None, changes.get("phonenumber"), changes.get("email"), "修改", user.user_name)
    phone = changes.get("phonenumber", "")
    if phone and phone != user.phonenumber and await request.app[CONFIG].flag("sys.account.phoneChangeSms", True):
        await verify_sms_code(request.app[AUTH], phone, "phone", body.sms_code)
    await SysUser.filter(user_id=user.user_id).update(**changes, **updated(request, principal))
    await changed(request.app, "sys_user")
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/user/profile/updatePwd", login_only=True,
         summary="Change one's password (JSON body, or RuoYi's query form); every session of the user ends",
         log=OperLogSpec("个人信息", BusinessType.UPDATE, save_request=False))
async def update_password(request: web.Request, principal: Principal, body: PasswordChange) -> web.Response:
    given = dict(request.query) or body.model_dump(by_alias=True, exclude_none=True)
    checked = validate(PasswordBody, given, request)
    user = await SysUser.get(user_id=principal.user_id)
    await request.app[AUTH].check_old_password(user, checked.old_password)
    if checked.old_password == checked.new_password:
        raise ServiceError("新密码不能与旧密码相同")
    check_password_rule(checked.new_password)
    now = request.app[CLOCK].now()
    await SysUser.filter(user_id=user.user_id).update(password=await hash_password(checked.new_password),
                                                      pwd_update_date=now, **updated(request, principal))
    await changed(request.app, "sys_user")
    await request.app[AUTH].end_user_sessions(user.user_id)
    return ok()


@api.post("/system/user/profile/avatar", login_only=True,
          summary="Upload one's avatar (multipart field `avatarfile`, an image of 5 MB at most)",
          log=OperLogSpec("用户头像", BusinessType.UPDATE, save_request=False))
async def upload_avatar(request: web.Request, principal: Principal) -> web.Response:
    limit = upload_limit(request)
    name, data = await read_upload(request, "avatarfile", limit, avatar=True)
    ext = check(name, data, AVATAR_TYPES, limit, avatar=True)
    assert ext in IMAGE_TYPES
    stored = await request.app[STORAGE].save("avatar", name, ext, data, request.app[CLOCK].now())
    await SysUser.filter(user_id=principal.user_id).update(avatar=stored.file_name)
    await changed(request.app, "sys_user")
    await request.app[AUTH].authz_changed()
    return ok(imgUrl=stored.file_name)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "用户昵称不能为空": "The nickname is required",
    "新密码不能与旧密码相同": "The new password must differ from the old one",
})
