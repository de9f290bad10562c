"""The wire models that both the core API and the BFF speak.

The BFF relays these answers of the core unchanged and documents them in its own OpenAPI document; it may import
nothing of core_api but the platform (tests/test_layout.py), so the models they share live here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from core_api.platform.schema import Schema

DASHBOARD_DAYS = 30


class LoginBody(Schema):
    username: str = Field("", title="用户名", max_length=100)
    password: str = Field("", title="密码", max_length=100)
    code: str | None = Field(None, title="验证码", max_length=10)
    uuid: str | None = Field(None, title="验证码标识", max_length=64)


class RegisterBody(LoginBody):
    confirm_password: str | None = Field(None, title="确认密码", max_length=100)
    phonenumber: str | None = Field(None, title="手机号码", max_length=11)
    sms_code: str | None = Field(None, title="短信验证码", max_length=6)


class Envelope(Schema):
    code: int = 200
    msg: str = "操作成功"


class ListPage(Schema):
    """A page of a business list (CONTRACT.md "Envelopes": chat, message centre and every ``list_data`` or
    ``page_data`` call), built by ``core_api.platform.envelope.page``. Some lists add keys of their own beside
    the rows (a status's counts, a weights' total)."""

    pages: int = Field(description="the number of pages: ceil(total / pageSize), 0 when there is no row")
    total: int = Field(description="the rows the filters match, over every page")
    page_no: int = Field(description="the page asked for (pageNum or pageNo), from 1")
    page_size: int = Field(description="the page size asked for (a list of one page: the most rows it answers)")
    data: list[dict[str, Any]] = Field(description="the rows of this page")
    next: str | None = Field(None, description="keyset-paged lists: the cursor of the page after this one (null on "
                                               "the last page); sent back as `after` with pageNum + 1, that page is "
                                               "sought after this page's last row instead of skipped to")


class ListPageOut(Envelope):
    msg: str = "查询成功"
    data: ListPage


class DeptOut(Schema):
    dept_id: int
    parent_id: int
    ancestors: str
    dept_name: str
    order_num: int
    leader: str | None = None
    status: str


class RoleFields(Schema):
    """What every answer naming a role carries (its brief in the user info, its row in the role list)."""

    role_id: int
    role_name: str
    role_key: str
    role_sort: int
    data_scope: str
    status: str


class RoleBrief(RoleFields):
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


class DictDataOut(Schema):
    dict_code: int
    dict_sort: int
    dict_label: str
    dict_label_en: str | None = Field(None, description="the English label (an English console shows it); "
                                      "dictLabel stays RuoYi's zh-CN")
    dict_value: str
    dict_type: str
    css_class: str | None = None
    list_class: str | None = None
    is_default: str
    status: str
    remark: str | None = None
    create_time: str | None = None


class LoginDay(Schema):
    day: str
    success: int
    failure: int


class RecentLogin(Schema):
    user_name: str
    ipaddr: str
    status: str
    msg: str
    login_time: str | None


class LiveFigures(Schema):
    """The home page's figures that move while it is open (issue 28 §3): the socket tells the page to read again."""

    orders_today: int = Field(description="shop orders placed today (local day)")
    after_sales_open: int = Field(description="after-sales not yet finished (applied, awaiting, refunding...)")
    chats_waiting: int = Field(description="the platform desk's conversations with a customer message unread")


class DashboardData(Schema):
    live: LiveFigures
    user_total: int
    user_enabled: int
    role_total: int
    dept_total: int
    online_sessions: int
    logins_per_day: list[LoginDay] = Field(description=f"the last {DASHBOARD_DAYS} days, oldest first")
    recent_logins: list[RecentLogin] | None = Field(
        description="the newest sign-ins; null unless the caller holds monitor:logininfor:list")


class DashboardOut(Envelope):
    data: DashboardData


# ---- Business resources: what a declared resource tells the screens that draw it (core_api.platform.resource)



class ResourceFieldMeta(Schema):
    name: str = Field(description="camelCase, as rows and bodies carry it")
    label: str = Field(description="in the caller's language")
    kind: str = Field(description="a built-in kind (id, text, textarea, int, money, dict, flag, image, images, "
                                  "datetime, date, richtext, phone, idcard, uid, password, url, location, lng, lat, "
                                  "targets) or one a feature registers (core_api/platform/resource/kinds.py)")
    picker: str | None = Field(None, description="a registered kind's: the web picker that edits and filters it")
    dict_type: str | None = Field(None, description="the dictionary a dict or flag field takes its labels from")
    required: bool = False
    max_length: int | None = None
    min: int | None = None
    max: int | None = None
    listed: bool = True
    filter: Literal["exact", "fragment", "range"] | None = None
    sortable: bool = False
    edit: Literal["always", "create", "never"] = "always"
    exported: bool = True
    masked: bool = Field(False, description="shown masked unless the caller holds account:consumer:personal")
    follows: str | None = Field(None, description="a targets field: the (camelCase) dict field whose value says "
                                                  "what its ids name")
    picks: dict[str, Literal["category", "goods"]] | None = Field(
        None, description="a targets field: what its ids name for each value of the followed field (a value not "
                          "listed: the field is hidden)")


class ResourceActionMeta(Schema):
    """An extra call of a resource (audit, block, send alarm): a row or toolbar button, a confirm or a
    small form, sent by the BFF (/bff/resources/action, the action named by its key) to ``path`` with ``params``
    taken from the row."""

    key: str
    label: str
    perm: str
    method: Literal["GET", "POST", "LINK"] = Field(description="LINK: open the console page of view path `path`")
    path: str = Field(description="core path, e.g. admin/AccountUserAuth/audit; for LINK a view path")
    row: bool = True
    params: dict[str, str] = Field(default_factory=dict, description="wire name → the row field it is taken from")
    fields: list[ResourceFieldMeta] = Field(default_factory=list, description="the dialog's form; none: a confirm")
    confirm: str | None = Field(None, description="asked before the call (after the dialog's form when it has one)")
    amount: str | None = Field(None, description="the money field (fen) the confirmation names in yuan")
    when: dict[str, list[str]] | None = Field(None, description="shown only for rows whose field holds one of")


class ResourceMeta(Schema):
    name: str = Field(description="the path segment: /admin/{name}/list")
    title: str
    view: str = Field(description="the menu's view path, e.g. account/auth/index")
    perm: str = Field(description="permission prefix, e.g. account:auth")
    key: str = Field(description="the id field's wire name")
    list_method: Literal["GET", "POST"]
    list_path: str = Field(description="the core path of the list, e.g. admin/AccountUserAuth/list")
    shelf: str | None = Field(None, description="the field the shelf toggle flips")
    label_field: str | None = Field(None, description="the field naming a record in confirmations (its name or no.)")
    creatable: bool
    add_perm: str | None = Field(None, description="what creating takes when not {perm}:add")
    editable: bool
    removable: bool
    exportable: bool
    export_path: str | None = Field(None, description="a background export: POST answers {jobId}, followed at "
                                                       "admin/exports/{jobId}")
    fields: list[ResourceFieldMeta]
    actions: list[ResourceActionMeta]
    dict_types: list[str]
    own_shop: int | None = Field(None, description="a shop account's shop: its records take it unasked (the screen "
                                                   "hides the shop fields); null for an operator")


class ResourceMetaOut(Envelope):
    data: ResourceMeta


class ChangeEntry(Schema):
    id: int
    action: Literal["create", "update", "delete", "shelf", "action"]
    actor: str
    at: str
    changes: dict[str, list[Any]] = Field(description="field → [before, after]")
    note: str | None = None
