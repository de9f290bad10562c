from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from core_api.platform.schema import Schema


class LoginBody(Schema):
    username: str = Field("", title="用户名", max_length=100)
    password: str = Field("", title="密码", max_length=100)
    code: str | None = Field(None, title="验证码", max_length=10)
    uuid: str | None = Field(None, title="验证码标识", max_length=64)


class RegisterBody(LoginBody):
    confirm_password: str | None = Field(None, title="确认密码", max_length=100)
    phonenumber: str | None = Field(None, title="手机号码", max_length=11)
    sms_code: str | None = Field(None, title="短信验证码", max_length=6)


class SendCodeBody(Schema):
    phonenumber: str = Field(title="手机号码", min_length=11, max_length=11)
    scene: Literal["register", "phone"] = Field("register", title="用途")


class Envelope(Schema):
    code: int = 200
    msg: str = "操作成功"


class CaptchaOut(Envelope):
    captcha_enabled: bool
    register_enabled: bool = Field(False, description="config sys.account.registerUser")
    uuid: str | None = None
    img: str | None = Field(None, description="bare base64 PNG, no data: prefix")


class LoginOut(Envelope):
    token: str


class DeptOut(Schema):
    dept_id: int
    parent_id: int
    ancestors: str
    dept_name: str
    order_num: int
    leader: str | None = None
    status: str


class RoleBrief(Schema):
    role_id: int
    role_name: str
    role_key: str
    role_sort: int
    data_scope: str
    status: str
    admin: bool


class UserInfo(Schema):
    user_id: int
    dept_id: int | None = None
    user_name: str
    nick_name: str
    user_type: str
    email: str
    phonenumber: str
    sex: str
    avatar: str
    status: str
    del_flag: str
    login_ip: str
    login_date: str | None = None
    pwd_update_date: str | None = None
    create_by: str
    create_time: str | None = None
    update_by: str
    update_time: str | None = None
    remark: str | None = None
    dept: DeptOut | None = None
    roles: list[RoleBrief]
    admin: bool
    token: str = Field(description="the chat token (tokenIm) of this session")


class GetInfoOut(Envelope):
    user: UserInfo
    roles: list[str]
    permissions: list[str]


class RouterMeta(Schema):
    title: str
    icon: str
    no_cache: bool
    link: str | None = None


class RouterNode(Schema):
    name: str | None = None
    path: str
    hidden: bool
    redirect: str | None = None
    component: str | None = None
    query: str | None = None
    always_show: bool | None = None
    meta: RouterMeta | None = None
    children: list[RouterNode] | None = None


class RoutersOut(Envelope):
    data: list[RouterNode]


class PlainOut(Envelope):
    data: Any | None = None
