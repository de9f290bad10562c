"""System users (RuoYi /system/user)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Annotated, Any

from aiohttp import web
from pydantic import BeforeValidator, Field, ValidationError
from tortoise.exceptions import IntegrityError
from tortoise.queryset import QuerySet, ValuesQuery
from tortoise.transactions import in_transaction

from core_api.platform.api import XLSX, Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.compiled import Shape, shaped_values, where
from core_api.platform.contract.system import ImportOut, UserDetailOut, UserOptionsOut
from core_api.platform.counts import changed, counted
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.excel import Column, keyset_batches, read_rows, template_response, xlsx_response
from core_api.platform.paging import ListQuery, camel_row, day_bounds, parse_ids, to_camel
from core_api.platform.passwords import hash_password
from core_api.platform.schema import (
    EditSchema,
    Flag,
    OptionalEmail,
    Schema,
    StrictSchema,
    describe_validation_error,
    english,
    refuse_changes,
)
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import AUTH, CONFIG
from core_api.platform.timefmt import fmt
from core_api.platform.uploads import read_upload, upload_limit
from core_api.system.dept.models import SysDept
from core_api.system.dept.service import check_scope, dept_rows, dept_tree_select
from core_api.system.post.models import SysPost
from core_api.system.role.grants import check_user_manageable, check_user_roles
from core_api.system.role.models import SysRole
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser, SysUserPost, SysUserRole
from core_api.system.user.service import (
    check_password_rule,
    check_unique,
    check_user_allowed,
    check_user_scope,
    load_user,
    replace_links,
    user_view,
)

api = Api("user")
LIST_FIELDS = ("user_id", "dept_id", "user_name", "nick_name", "email", "phonenumber", "sex", "avatar", "status",
               "del_flag", "login_ip", "login_date", "create_by", "create_time", "remark", "dept__dept_name",
               "dept__leader")
SORTS = {"userId": "user_id", "userName": "user_name", "nickName": "nick_name", "createTime": "create_time",
         "loginDate": "login_date", "status": "status", "phonenumber": "phonenumber"}
PHONE = r"^(1[3-9]\d{9})?$"
SEX = r"^[012]$"


class UserQuery(ListQuery):
    user_id: int | None = None
    user_name: str | None = Field(None, max_length=30)
    phonenumber: str | None = Field(None, max_length=11)
    status: Flag | None = Field(None, pattern=r"^[01]$")
    dept_id: int | None = None


class UserBody(EditSchema):
    user_id: int | None = None
    dept_id: int | None = Field(None, title="归属部门")
    user_name: str | None = Field(None, title="用户名称", min_length=2, max_length=20, pattern=r"^[A-Za-z0-9_.@-]+$")
    nick_name: str = Field(title="用户昵称", min_length=1, max_length=30)
    password: str | None = Field(None, title="用户密码", max_length=20)
    email: OptionalEmail = Field(None, title="邮箱", max_length=50)
    phonenumber: str | None = Field(None, title="手机号码", pattern=PHONE)
    sex: Annotated[Flag, BeforeValidator(lambda v: v or "0")] = Field("0", title="用户性别", pattern=SEX)
    status: Flag = Field("0", title="状态", pattern=r"^[01]$")
    remark: str | None = Field(None, title="备注", max_length=500)
    role_ids: list[int] | None = Field(None, title="角色")
    post_ids: list[int] | None = Field(None, title="岗位")
    # Echoed read-only fields of a loaded record.
    avatar: Any = Field(None, exclude=True)
    dept: Any = Field(None, exclude=True)
    roles: Any = Field(None, exclude=True)
    admin: Any = Field(None, title="超级管理员标识", exclude=True)
    login_ip: Any = Field(None, exclude=True)
    login_date: Any = Field(None, exclude=True)
    del_flag: Any = Field(None, title="删除标志", exclude=True)
    role_id: Any = Field(None, exclude=True)
    user_type: Any = Field(None, exclude=True)
    pwd_update_date: Any = Field(None, exclude=True)


class ResetPwdBody(Schema):
    user_id: int
    password: str = Field(title="用户密码", max_length=20)


class StatusBody(Schema):
    user_id: int
    status: Flag = Field(title="状态", pattern=r"^[01]$")


class AuthRoleQuery(Schema):
    user_id: int = Field(title="用户")
    role_ids: str = Field("", title="角色", pattern=r"^(\d+(,\d+)*)?$")


class ImportQuery(Schema):
    update_support: bool = Field(False, title="更新已存在数据")


def list_filters(principal: Principal, query: UserQuery, subtree: list[int] | None) -> tuple[Shape, list[Any]]:
    """The list's filters as the lookups present (the statement's shape) and their values, in one loop: the data
    scope (its departments, or none, or the caller's own record beside them), then each filter that is set."""
    shape: list[tuple[str, ...]] = []
    values: list[Any] = []

    def add(value: Any, *lookups: str) -> None:
        shape.append(lookups)
        values.append(value)

    scope = principal.authz.scope
    if not scope.all:  # as DataScope.user_filter
        add(sorted(scope.dept_ids) or -1, "dept_id__in" if scope.dept_ids else "dept_id",
            *(("user_id",) if scope.self_user_id is not None else ()))
        if scope.self_user_id is not None:
            values.append(scope.self_user_id)
    for value, lookup in ((query.user_id or None, "user_id"), (query.user_name, "user_name__icontains"),
                          (query.phonenumber, "phonenumber__contains"), (query.status, "status")):
        if value:
            add(value, lookup)
    if subtree is not None:
        add(subtree, "dept_id__in")
    for lookup, bound in day_bounds("create_time", query.begin_time, query.end_time).items():
        add(bound, lookup)
    return tuple(shape), values


def filtered(principal: Principal, query: UserQuery, subtree: list[int] | None = None) -> QuerySet[SysUser]:
    return where(SysUser.filter(del_flag="0"), *list_filters(principal, query, subtree))


async def dept_subtree(request: web.Request, dept_id: int | None) -> list[int] | None:
    return None if dept_id is None else sorted(await request.app[AUTH].dept_subtree(dept_id))


ROW_KEYS = [(name, to_camel(name)) for name in LIST_FIELDS if not name.startswith("dept__")]
TIME_KEYS = [(name, to_camel(name)) for name in ("login_date", "create_time")]


def user_row(row: dict[str, Any]) -> dict[str, Any]:
    """A list row as the wire shows it (camel_row's keys and times, the department beside), key by key."""
    out = {camel: row[name] for name, camel in ROW_KEYS}
    for name, camel in TIME_KEYS:
        if row[name] is not None:
            out[camel] = fmt(row[name])
    out["dept"] = {"deptId": row["dept_id"], "deptName": row["dept__dept_name"], "leader": row["dept__leader"]}
    return out


@api.get("/system/user/list", need=any_perm("system:user:list"),
         summary="Users in the caller's data scope; deptId includes its subtree")
async def list_users(request: web.Request, principal: Principal, query: UserQuery) -> web.Response:
    shape, values = list_filters(principal, query, await dept_subtree(request, query.dept_id))
    ordering = query.ordering(SORTS, ["user_id"])

    def page(bound: Sequence[Any]) -> ValuesQuery[Any]:  # the filters' values, the page size, the offset if any
        qs = where(SysUser.filter(del_flag="0"), shape, bound[:len(values)]).order_by(*ordering)
        qs = qs.limit(bound[len(values)])
        return (qs.offset(bound[-1]) if len(bound) > len(values) + 1 else qs).values(*LIST_FIELDS)

    paging = [query.page_size, query.offset] if query.offset else [query.page_size]  # Tortoise omits OFFSET 0
    rows, total = await asyncio.gather(  # a refused sort raised above, before any coroutine was made
        shaped_values(page, ("sys_user.list", shape, tuple(ordering)), [*values, *paging], SysUser),
        counted(request.app, "sys_user", f"users?{shape}{values!r}",
                lambda: where(SysUser.filter(del_flag="0"), shape, values), exact=True))
    return table([user_row(r) for r in rows], total)


EXPORT_COLUMNS = [
    Column("用户序号", "userId"), Column("登录名称", "userName"), Column("用户名称", "nickName"),
    Column("用户邮箱", "email", width=24), Column("手机号码", "phonenumber"),
    Column("用户性别", "sex", lambda v: {"0": "男", "1": "女"}.get(v, "未知")),
    Column("帐号状态", "status", lambda v: "正常" if v == "0" else "停用"),
    Column("最后登录IP", "loginIp"), Column("最后登录时间", "loginDate", width=20),
    Column("部门名称", "deptName"), Column("部门负责人", "deptLeader"),
]


@api.post("/system/user/export", need=any_perm("system:user:export"),
          summary="Users as xlsx, streamed in batches (the list's filters apply)",
          log=OperLogSpec("用户管理", BusinessType.EXPORT, save_response=False))
async def export_users(request: web.Request, principal: Principal, body: UserQuery) -> web.StreamResponse:
    qs = filtered(principal, body, await dept_subtree(request, body.dept_id))

    def view(r: dict[str, Any]) -> dict[str, Any]:
        return {**camel_row({k: v for k, v in r.items() if not k.startswith("dept__")}),
                "deptName": r["dept__dept_name"], "deptLeader": r["dept__leader"]}

    batches = keyset_batches(qs, "user_id", view, *LIST_FIELDS)
    return await xlsx_response(request, "用户数据.xlsx", "用户数据", EXPORT_COLUMNS, batches)


async def options(principal: Principal) -> dict[str, Any]:
    roles = SysRole.filter(del_flag="0").order_by("role_sort")
    if not principal.authz.is_admin:
        roles = roles.exclude(role_key="admin")
    posts = await SysPost.all().order_by("post_sort").values()
    return {"roles": [camel_row(r) for r in await roles.values()], "posts": [camel_row(p) for p in posts]}


@api.get("/system/user/", need=any_perm("system:user:query"), summary="Role and post options for a new user",
         response=UserOptionsOut)
async def new_user_options(principal: Principal) -> web.Response:
    return ok(**await options(principal))


@api.get("/system/user", need=any_perm("system:user:query"),
         summary="The same options without the trailing slash (proxies that drop it)", response=UserOptionsOut)
async def new_user_options_no_slash(principal: Principal) -> web.Response:
    return ok(**await options(principal))


@api.get(r"/system/user/{userId:\d+}", need=any_perm("system:user:query"),
         summary="One user with its role and post ids and the options", response=UserDetailOut)
async def get_user(principal: Principal, userId: int) -> web.Response:  # noqa: N803 - the contract's name
    await check_user_scope(principal.authz, [userId])
    auth_user = await principal_user_view(principal, userId)
    role_ids = await SysUserRole.filter(user_id=userId).values_list("role_id", flat=True)
    post_ids = await SysUserPost.filter(user_id=userId).values_list("post_id", flat=True)
    return ok(data=auth_user, roleIds=sorted(role_ids), postIds=sorted(post_ids), **await options(principal))


async def user_or_404(user_id: int) -> None:
    if not await SysUser.filter(user_id=user_id, del_flag="0").exists():
        raise NotFound()


async def principal_user_view(principal: Principal, user_id: int) -> dict[str, Any]:
    loaded = await load_user(user_id)
    if loaded is None or loaded[0]["del_flag"] != "0":
        raise NotFound()
    return user_view(*loaded)


def values(body: UserBody) -> dict[str, Any]:
    return {"dept_id": body.dept_id, "nick_name": body.nick_name, "email": body.email or "",
            "phonenumber": body.phonenumber or "", "sex": body.sex, "status": body.status, "remark": body.remark}


async def check_dept(principal: Principal, dept_id: int | None) -> None:
    if dept_id is None:
        return
    check_scope(principal.authz, dept_id)
    if not await SysDept.filter(dept_id=dept_id, del_flag="0").exists():
        raise ServiceError("归属部门不存在")


@api.post("/system/user", need=any_perm("system:user:add"), summary="Create a user",
          log=OperLogSpec("用户管理", BusinessType.INSERT))
async def create_user(request: web.Request, principal: Principal, body: UserBody) -> web.Response:
    if not body.user_name:
        raise ServiceError("用户名称不能为空")
    if not body.password:
        raise ServiceError("用户密码不能为空")
    check_password_rule(body.password)
    await check_dept(principal, body.dept_id)
    await check_user_roles(principal.authz, None, body.role_ids or [])
    await check_unique(None, body.user_name, body.phonenumber, body.email, "新增", body.user_name)
    hashed = await hash_password(body.password)
    try:
        async with in_transaction():
            user = await SysUser.create(user_name=body.user_name, password=hashed, **values(body),
                                        pwd_update_date=created(request, principal)["create_time"],
                                        **created(request, principal))
            await replace_links(user.user_id, body.role_ids or [], body.post_ids or [])
    except IntegrityError as exc:  # the same name in another case, created meanwhile
        raise ServiceError(f"新增用户'{body.user_name}'失败，登录账号已存在") from exc
    await changed(request.app, "sys_user")
    return ok()


@api.put("/system/user", need=any_perm("system:user:edit"), summary="Update a user with its roles and posts",
         log=OperLogSpec("用户管理", BusinessType.UPDATE))
async def update_user(request: web.Request, principal: Principal, body: UserBody) -> web.Response:
    if not body.user_id:
        raise NotFound()
    user = await SysUser.get_or_none(user_id=body.user_id, del_flag="0")
    if user is None:
        raise NotFound()
    check_user_allowed(user.user_id)
    # A password is set with resetPwd only; the admin flag and delFlag are never written here.
    refuse_changes(body, {"password": user.password, "admin": user.user_id == SUPER_ADMIN_ID,
                          "del_flag": user.del_flag})
    await check_user_scope(principal.authz, [user.user_id])
    await check_user_manageable(principal.authz, [user.user_id])
    await check_dept(principal, body.dept_id)
    await check_user_roles(principal.authz, user.user_id, body.role_ids)
    if user.user_id == principal.user_id and body.status != "0":
        raise ServiceError("不能停用当前用户")
    await check_unique(user.user_id, None, body.phonenumber, body.email, "修改", user.user_name)
    async with in_transaction():
        await SysUser.filter(user_id=user.user_id).update(**values(body), **updated(request, principal))
        await replace_links(user.user_id, body.role_ids, body.post_ids)
    await changed(request.app, "sys_user")
    if body.status != "0":
        await request.app[AUTH].end_user_sessions(user.user_id)
    await request.app[AUTH].authz_changed()
    return ok()


@api.delete(r"/system/user/{userIds:[\d,]+}", need=any_perm("system:user:remove"),
            summary="Delete users (never oneself, never the super administrator)",
            log=OperLogSpec("用户管理", BusinessType.DELETE))
async def delete_users(request: web.Request, principal: Principal, userIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(userIds)
    if principal.user_id in ids:
        raise ServiceError("当前用户不能删除")
    if SUPER_ADMIN_ID in ids:
        raise ServiceError("不允许操作超级管理员用户")
    if await SysUser.filter(user_id__in=ids).count() != len(set(ids)):
        raise NotFound()
    await check_user_scope(principal.authz, ids)
    await check_user_manageable(principal.authz, ids)
    await SysUser.filter(user_id__in=ids).delete()  # roles, posts and sessions go with them
    await changed(request.app, "sys_user")
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/user/resetPwd", need=any_perm("system:user:resetPwd"),
         summary="Set a user's password; their sessions end", log=OperLogSpec("用户管理", BusinessType.UPDATE))
async def reset_password(request: web.Request, principal: Principal, body: ResetPwdBody) -> web.Response:
    await user_or_404(body.user_id)
    check_user_allowed(body.user_id)
    await check_user_scope(principal.authz, [body.user_id])
    await check_user_manageable(principal.authz, [body.user_id])
    check_password_rule(body.password)
    await SysUser.filter(user_id=body.user_id).update(password=await hash_password(body.password),
                                                      pwd_update_date=updated(request, principal)["update_time"],
                                                      **updated(request, principal))
    await changed(request.app, "sys_user")
    await request.app[AUTH].end_user_sessions(body.user_id)
    return ok()


@api.put("/system/user/changeStatus", need=any_perm("system:user:edit"),
         summary="Enable or disable a user; disabling ends their sessions",
         log=OperLogSpec("用户管理", BusinessType.UPDATE))
async def change_status(request: web.Request, principal: Principal, body: StatusBody) -> web.Response:
    await user_or_404(body.user_id)
    check_user_allowed(body.user_id)
    if body.user_id == principal.user_id and body.status != "0":
        raise ServiceError("不能停用当前用户")
    await check_user_scope(principal.authz, [body.user_id])
    await check_user_manageable(principal.authz, [body.user_id])
    await SysUser.filter(user_id=body.user_id).update(status=body.status, **updated(request, principal))
    await changed(request.app, "sys_user")
    if body.status != "0":
        await request.app[AUTH].end_user_sessions(body.user_id)
    await request.app[AUTH].authz_changed()
    return ok()


@api.get(r"/system/user/authRole/{userId:\d+}", need=any_perm("system:user:query"),
         summary="A user and every role, flagged when the user holds it")
async def auth_role(principal: Principal, userId: int) -> web.Response:  # noqa: N803
    await check_user_scope(principal.authz, [userId])
    user = await principal_user_view(principal, userId)
    held = set(await SysUserRole.filter(user_id=userId).values_list("role_id", flat=True))
    roles = SysRole.filter(del_flag="0").order_by("role_sort")
    if userId != SUPER_ADMIN_ID:
        roles = roles.exclude(role_key="admin")
    return ok(user=user, roles=[{**camel_row(r), "flag": r["role_id"] in held} for r in await roles.values()])


@api.put("/system/user/authRole", need=any_perm("system:user:edit"), summary="Set a user's roles",
         log=OperLogSpec("用户管理", BusinessType.GRANT))
async def set_roles(request: web.Request, principal: Principal, query: AuthRoleQuery) -> web.Response:
    await user_or_404(query.user_id)
    check_user_allowed(query.user_id)
    await check_user_scope(principal.authz, [query.user_id])
    await check_user_manageable(principal.authz, [query.user_id])
    role_ids = parse_ids(query.role_ids) if query.role_ids else []
    await check_user_roles(principal.authz, query.user_id, role_ids)
    async with in_transaction():
        await replace_links(query.user_id, role_ids, None)
    await request.app[AUTH].authz_changed()
    return ok()


@api.get("/system/user/deptTree", need=any_perm("system:user:list"), summary="Department tree in the caller's scope")
async def user_dept_tree(principal: Principal) -> web.Response:
    return ok(data=dept_tree_select(await dept_rows(principal.authz)))


IMPORT_COLUMNS = [
    Column("登录名称", "userName"), Column("用户名称", "nickName"), Column("部门编号", "deptId"),
    Column("用户邮箱", "email", width=24), Column("手机号码", "phonenumber"),
    Column("用户性别", "sex", width=10), Column("帐号状态", "status", width=10),
]
SEX_LABELS = {"男": "0", "女": "1", "未知": "2", "0": "0", "1": "1", "2": "2"}
STATUS_LABELS = {"正常": "0", "停用": "1", "0": "0", "1": "1"}


@api.post("/system/user/importTemplate", login_only=True, file=XLSX, summary="The xlsx template for the user import")
async def import_template() -> web.Response:
    return template_response("用户数据模板.xlsx", "用户数据", IMPORT_COLUMNS)


class ImportRow(StrictSchema):
    user_name: str = Field(title="登录名称", min_length=2, max_length=20, pattern=r"^[A-Za-z0-9_.@-]+$")
    nick_name: str = Field(title="用户名称", min_length=1, max_length=30)
    dept_id: int | None = Field(None, title="部门编号")
    email: OptionalEmail = Field(None, title="用户邮箱")
    phonenumber: str | None = Field(None, title="手机号码", pattern=PHONE)
    sex: Flag = Field("0", title="用户性别", pattern=SEX)
    status: Flag = Field("0", title="帐号状态", pattern=r"^[01]$")


@api.post("/system/user/importData", need=any_perm("system:user:import"),
          summary="Import users from xlsx (multipart `file`); all rows or none, with a per-row report",
          response=ImportOut,
          log=OperLogSpec("用户管理", BusinessType.IMPORT, save_request=False))
async def import_users(request: web.Request, principal: Principal, query: ImportQuery) -> web.Response:
    name, data = await read_upload(request, "file", upload_limit(request))
    if not name.lower().endswith(".xlsx"):
        raise ServiceError("文件格式不正确，请上传 xlsx 文件")
    rows = read_rows(data, IMPORT_COLUMNS)
    failures: list[str] = []
    plan: list[tuple[ImportRow, SysUser | None]] = []
    seen: set[str] = set()
    for number, raw in rows:
        raw = {k: (str(v) if v is not None and k not in ("deptId",) else v) for k, v in raw.items()}
        raw["sex"] = SEX_LABELS.get(str(raw.get("sex") or "0"), "x")
        raw["status"] = STATUS_LABELS.get(str(raw.get("status") or "0"), "x")
        raw = {k: v for k, v in raw.items() if v not in (None, "")}
        label = raw.get("userName", f"第{number}行")
        try:
            row = ImportRow.model_validate(raw)
        except ValidationError as exc:
            failures.append(f"第{number}行 账号 {label} 导入失败：{describe_validation_error(exc, ImportRow)}")
            continue
        try:
            if row.user_name.lower() in seen:  # names are unique without regard to case
                raise ServiceError("文件中重复")
            seen.add(row.user_name.lower())
            await check_dept(principal, row.dept_id)
            existing = await SysUser.filter(user_name__iexact=row.user_name).first()
            if existing is not None:
                if not query.update_support:
                    raise ServiceError("已存在")
                check_user_allowed(existing.user_id)
                await check_user_scope(principal.authz, [existing.user_id])
                await check_user_manageable(principal.authz, [existing.user_id])
            await check_unique(existing.user_id if existing else None, None, row.phonenumber, row.email,
                               "导入", row.user_name)
            plan.append((row, existing))
        except ServiceError as exc:
            failures.append(f"第{number}行 账号 {row.user_name} 导入失败：{exc.msg}")
    if failures:
        lines = "<br/>".join(f"{i}、{f}" for i, f in enumerate(failures, start=1))
        raise ServiceError(f"很抱歉，导入失败！共 {len(failures)} 条数据不正确，未导入任何数据，错误如下：<br/>{lines}")
    password = await hash_password(await request.app[CONFIG].get("sys.user.initPassword") or "123456")
    report: list[str] = []
    try:
        await write_import(request, principal, plan, password, report)
    except IntegrityError as exc:  # a name of the file created meanwhile, in another case
        raise ServiceError("很抱歉，导入失败！登录账号已被同时新增的用户占用，未导入任何数据") from exc
    await request.app[AUTH].authz_changed()
    done = f"恭喜您，数据已全部导入成功！共 {len(plan)} 条，数据如下：<br/>" + "<br/>".join(report)
    return ok({"rows": len(plan)}, msg=done)


async def write_import(request: web.Request, principal: Principal, plan: list[tuple[ImportRow, SysUser | None]],
                       password: str, report: list[str]) -> None:
    """Writes a checked import, all rows or none."""
    async with in_transaction():
        for i, (row, existing) in enumerate(plan, start=1):
            fields: dict[str, Any] = {"nick_name": row.nick_name, "dept_id": row.dept_id, "email": row.email or "",
                      "phonenumber": row.phonenumber or "", "sex": row.sex, "status": row.status}
            if existing is None:
                await SysUser.create(user_name=row.user_name, password=password, **fields,
                                     **created(request, principal))
                report.append(f"{i}、账号 {row.user_name} 导入成功")
            else:
                await SysUser.filter(user_id=existing.user_id).update(**fields, **updated(request, principal))
                report.append(f"{i}、账号 {existing.user_name} 更新成功")
    await changed(request.app, "sys_user")


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "归属部门不存在": "The department does not exist",
    "用户名称不能为空": "The user name is required",
    "不能停用当前用户": "You cannot disable the current user",
    "当前用户不能删除": "The current user cannot be deleted",
})
