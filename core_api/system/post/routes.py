"""Posts (RuoYi /system/post)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from aiohttp import web
from pydantic import Field

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import PostOut
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.excel import Column, xlsx_response
from core_api.platform.paging import ListQuery, camel_row, filter_set, page_of, parse_ids
from core_api.platform.schema import EditSchema, Flag, english
from core_api.platform.security import Principal, any_perm
from core_api.system.post.models import SysPost
from core_api.system.user.models import SysUserPost

api = Api("post")
FIELDS = ("post_id", "post_code", "post_name", "post_sort", "status", "create_by", "create_time", "update_by",
          "update_time", "remark")
SORTS = {"postSort": "post_sort", "postId": "post_id", "createTime": "create_time", "postCode": "post_code"}
STATUS = r"^[01]$"


class PostQuery(ListQuery):
    post_code: str | None = Field(None, max_length=64)
    post_name: str | None = Field(None, max_length=50)
    status: Flag | None = Field(None, pattern=STATUS)


class PostBody(EditSchema):
    post_id: int | None = None
    post_code: str = Field(title="岗位编码", min_length=1, max_length=64)
    post_name: str = Field(title="岗位名称", min_length=1, max_length=50)
    post_sort: int = Field(title="显示顺序", ge=0, le=9999)
    status: Flag = Field("0", title="状态", pattern=STATUS)
    remark: str | None = Field(None, title="备注", max_length=500)
    flag: bool | None = Field(None, exclude=True)


def filtered(query: PostQuery):
    return filter_set(SysPost.all(), query, post_code="icontains", post_name="icontains", status="exact")


@api.get("/system/post/list", need=any_perm("system:post:list"), summary="Posts, paged")
async def list_posts(request: web.Request, query: PostQuery) -> web.Response:
    rows, total = await page_of(filtered(query), query, SORTS, ["post_sort", "post_id"], *FIELDS,
                                app=request.app, table="sys_post")
    return table([camel_row(r) for r in rows], total)


EXPORT_COLUMNS = [
    Column("岗位序号", "postId"), Column("岗位编码", "postCode"), Column("岗位名称", "postName"),
    Column("岗位排序", "postSort"), Column("状态", "status", lambda v: "正常" if v == "0" else "停用"),
]


@api.post("/system/post/export", need=any_perm("system:post:export"), summary="Posts as xlsx",
          log=OperLogSpec("岗位管理", BusinessType.EXPORT, save_response=False))
async def export_posts(request: web.Request, body: PostQuery) -> web.StreamResponse:
    async def batches() -> AsyncIterator[list[dict]]:
        rows = await filtered(body).order_by("post_sort", "post_id").values(*FIELDS)
        yield [camel_row(r) for r in rows]

    return await xlsx_response(request, "岗位数据.xlsx", "岗位数据", EXPORT_COLUMNS, batches())


@api.get(r"/system/post/{postId:\d+}", need=any_perm("system:post:query"), summary="One post", response=PostOut)
async def get_post(postId: int) -> web.Response:  # noqa: N803 - the contract's name
    rows = await SysPost.filter(post_id=postId).values(*FIELDS)
    if not rows:
        raise NotFound()
    return ok(data=camel_row(rows[0]))


async def check_unique(body: PostBody, action: str) -> None:
    others = SysPost.exclude(post_id=body.post_id) if body.post_id else SysPost.all()
    if await others.filter(post_name=body.post_name).exists():
        raise ServiceError(f"{action}岗位'{body.post_name}'失败，岗位名称已存在")
    if await others.filter(post_code=body.post_code).exists():
        raise ServiceError(f"{action}岗位'{body.post_name}'失败，岗位编码已存在")


def values(body: PostBody) -> dict:
    return {"post_code": body.post_code, "post_name": body.post_name, "post_sort": body.post_sort,
            "status": body.status, "remark": body.remark}


@api.post("/system/post", need=any_perm("system:post:add"), summary="Create a post",
          log=OperLogSpec("岗位管理", BusinessType.INSERT))
async def create_post(request: web.Request, principal: Principal, body: PostBody) -> web.Response:
    body.post_id = None
    await check_unique(body, "新增")
    await SysPost.create(**values(body), **created(request, principal))
    await changed(request.app, "sys_post")
    return ok()


@api.put("/system/post", need=any_perm("system:post:edit"), summary="Update a post",
         log=OperLogSpec("岗位管理", BusinessType.UPDATE))
async def update_post(request: web.Request, principal: Principal, body: PostBody) -> web.Response:
    if not body.post_id or not await SysPost.filter(post_id=body.post_id).exists():
        raise NotFound()
    await check_unique(body, "修改")
    await SysPost.filter(post_id=body.post_id).update(**values(body), **updated(request, principal))
    await changed(request.app, "sys_post")
    return ok()


@api.delete(r"/system/post/{postIds:[\d,]+}", need=any_perm("system:post:remove"), summary="Delete posts",
            log=OperLogSpec("岗位管理", BusinessType.DELETE))
async def delete_posts(request: web.Request, postIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(postIds)
    posts = await SysPost.filter(post_id__in=ids).values("post_id", "post_name")
    if len(posts) != len(set(ids)):
        raise NotFound()
    for post in posts:
        if await SysUserPost.filter(post_id=post["post_id"]).exists():
            raise ServiceError(f"{post['post_name']}已分配,不能删除")
    await SysPost.filter(post_id__in=ids).delete()
    await changed(request.app, "sys_post")
    return ok()


@api.get("/system/post/optionselect", login_only=True, summary="Every post, for option lists")
async def post_options() -> web.Response:
    rows = await SysPost.all().order_by("post_sort", "post_id").values(*FIELDS)
    return ok(data=[camel_row(r) for r in rows])


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "{action}岗位'{name}'失败，岗位名称已存在": "{action} post '{name}' failed: the post name already exists",
    "{action}岗位'{name}'失败，岗位编码已存在": "{action} post '{name}' failed: the post code already exists",
    "{name}已分配,不能删除": "{name} is assigned: it cannot be deleted",
})
