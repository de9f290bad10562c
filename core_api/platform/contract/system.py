"""The system, monitor and tools screens' wire shapes: the rows of the core's lists and the records its
single reads answer. The core declares its answers with them; the BFF composes its screens from them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from core_api.platform.contract import DeptOut, DictDataOut, Envelope, RoleBrief, RoleFields
from core_api.platform.schema import Schema

# ---- system administration


class TreeNode(Schema):
    """The contract's TreeSelect node."""

    id: int
    label: str
    disabled: bool | None = None
    children: list[TreeNode] | None = None


class Audit(Schema):
    create_by: str | None = None
    create_time: str | None = None
    update_by: str | None = None
    update_time: str | None = None
    remark: str | None = None


class DeptBrief(Schema):
    dept_id: int | None = None
    dept_name: str | None = None
    leader: str | None = None


class UserFields(Schema):
    """What a user's row and its record both carry."""

    user_id: int
    dept_id: int | None = None
    user_name: str
    nick_name: str
    email: str | None = None
    phonenumber: str | None = None
    sex: str | None = None
    avatar: str | None = None
    status: str
    del_flag: str | None = None
    login_ip: str | None = None
    login_date: str | None = None


class UserRow(UserFields):
    create_by: str | None = None
    create_time: str | None = None
    remark: str | None = None
    dept: DeptBrief | None = None


class UserDetail(UserFields, Audit):
    """One user as GET /system/user/{id}, authRole and the profile return it."""

    user_type: str | None = None
    pwd_update_date: str | None = None
    dept: DeptOut | None = None
    roles: list[RoleBrief] = []
    admin: bool = False


class RoleRow(RoleFields, Audit):
    menu_check_strictly: bool
    dept_check_strictly: bool
    del_flag: str | None = None
    flag: bool | None = None


class PostRow(Audit):
    post_id: int
    post_code: str
    post_name: str
    post_sort: int
    status: str


class MenuRow(Audit):
    menu_id: int
    menu_name: str
    parent_id: int
    order_num: int
    path: str | None = None
    component: str | None = None
    query: str | None = None
    route_name: str | None = None
    is_frame: str
    is_cache: str
    menu_type: str
    visible: str
    status: str
    perms: str | None = None
    icon: str | None = None


class DeptRow(DeptOut, Audit):
    """A department of the list: what the user info says of it, with its contacts and the record's columns."""

    phone: str | None = None
    email: str | None = None
    del_flag: str | None = None


class DictTypeRow(Audit):
    dict_id: int
    dict_name: str
    dict_type: str
    status: str


class ConfigRow(Audit):
    config_id: int
    config_name: str
    config_key: str
    config_value: str
    config_type: str


class NoticeRow(Audit):
    notice_id: int
    notice_title: str
    notice_type: str
    status: str


class NoticeDetail(NoticeRow):
    notice_content: str | None = None


class AuthUserRow(Schema):
    """A user of a role's allocated or unallocated list."""

    user_id: int
    dept_id: int | None = None
    user_name: str
    nick_name: str
    email: str | None = None
    phonenumber: str | None = None
    status: str
    create_time: str | None = None


Dicts = dict[str, list[DictDataOut]]


class UserOptions(Schema):
    """The roles and posts a user form offers."""

    roles: list[RoleRow]
    posts: list[PostRow]


class UserOptionsOut(Envelope):
    roles: list[RoleRow]
    posts: list[PostRow]


class ImportCount(Schema):
    rows: int = Field(description="rows imported (added or updated)")


class ImportOut(Envelope):
    """An import done: the per-row report in ``msg`` (RuoYi's), the rows counted in ``data``."""
    data: ImportCount


class UserDetailOut(UserOptionsOut):
    data: UserDetail
    role_ids: list[int]
    post_ids: list[int]


class PostOut(Envelope):
    data: PostRow


class ConfigOut(Envelope):
    data: ConfigRow


class DictTypeOut(Envelope):
    data: DictTypeRow


class DictDataOneOut(Envelope):
    data: DictDataOut


class NoticeOut(Envelope):
    data: NoticeDetail


class MenuOut(Envelope):
    data: MenuRow


class MenuListOut(Envelope):
    data: list[MenuRow]


class DeptRowOut(Envelope):
    data: DeptRow


class DeptListOut(Envelope):
    data: list[DeptRow]


class RoleOut(Envelope):
    data: RoleRow


class TreeOut(Envelope):
    data: list[TreeNode]


class RoleMenuTreeOut(Envelope):
    menus: list[TreeNode]
    checked_keys: list[int]


class RoleDeptTreeOut(Envelope):
    depts: list[TreeNode]
    checked_keys: list[int]


class AuthUserTableOut(Envelope):
    rows: list[AuthUserRow]
    total: int


# ---- monitor


class OperLogRow(Schema):
    """A row of the operation log list (the detail call adds parameters and result)."""

    oper_id: int
    title: str
    business_type: int
    method: str | None = None
    request_method: str | None = None
    operator_type: int | None = None
    oper_name: str | None = None
    dept_name: str | None = None
    oper_url: str | None = None
    oper_ip: str | None = None
    oper_location: str | None = None
    status: int
    error_msg: str | None = None
    oper_time: str | None = None
    cost_time: int | None = None


class OperLogDetail(OperLogRow):
    oper_param: str | None = None
    json_result: str | None = None


class OperLogOut(Envelope):
    data: OperLogDetail


class LoginLogRow(Schema):
    info_id: int
    user_name: str
    ipaddr: str | None = None
    login_location: str | None = None
    browser: str | None = None
    os: str | None = None
    status: str
    msg: str | None = None
    login_time: str | None = None


class JobRow(Audit):
    job_id: int
    job_name: str
    job_group: str
    invoke_target: str
    job_params: dict[str, Any] = Field(default_factory=dict, description="validated by the handler's schema")
    cron_expression: str
    misfire_policy: str = Field(description="0 default, 1 fire all missed, 2 fire once, 3 do nothing")
    concurrent: str = Field(description='"0" allowed, "1" forbidden')
    status: str = Field(description='"0" running, "1" paused')
    next_valid_time: str | None = None


class JobOut(Envelope):
    data: JobRow


class Ticket(Schema):
    ticket: str = Field(description="one-time, valid for 60 s")
    url: str = Field(description="where the ticket opens the page")


class TicketOut(Envelope):
    data: Ticket


class CacheValue(Schema):
    cache_name: str
    cache_key: str
    cache_value: str


class CacheValueOut(Envelope):
    data: CacheValue


class CacheKeysOut(Envelope):
    data: list[str]


# ---- tools

FIELD_TYPES = ("input", "textarea", "number", "select", "radio", "checkbox", "switch", "date", "daterange", "time",
               "rate", "slider", "color", "upload", "editor", "row")


class FormField(Schema):
    type: Literal[FIELD_TYPES]  # type: ignore[valid-type]
    name: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]{0,49}$")
    label: str = Field("", max_length=100)
    default: Any = None
    placeholder: str = Field("", max_length=200)
    required: bool = False
    rules: dict[str, Any] = Field(default_factory=dict)
    options: list[dict[str, Any]] = Field(default_factory=list, max_length=200)
    span: int = Field(24, ge=1, le=24)
    children: list[FormField] = Field(default_factory=list, max_length=50)


class SavedForm(Schema):
    form_id: int
    form_name: str
    remark: str | None = None
    fields: list[FormField]
    config: dict[str, Any] = {}


class SavedFormOut(Envelope):
    data: SavedForm


class FormId(Schema):
    form_id: int


class FormIdOut(Envelope):
    data: FormId


class GenPreviewOut(Envelope):
    data: dict[str, str] = Field(description="the generated files' text, by path")
