"""Categories, registrations and personnel (spec 001 §2.6).

- ``CommonCategory``: the category tree (kind plain, frame, organisation or sensitive; at most three
  levels), declared once, with the version-2 list (the one-level or one/two-level tree) and the sensitive
  words a category of kind sensitive holds (added and removed by the ``sensitive_words`` call).
- ``/admin/category/*``: the tree maintenance calls the levels sub-page uses (add a frame, add an
  organisation, move, enable or disable) over the same table and the same rules.
- ``register`` (registrations an app user files with an organisation, reviewed once: approving one makes
  the person one of the organisation's personnel) and ``personnel`` (active or disabled), each with the
  spec's list/edit/delete/status paths.
"""

from __future__ import annotations

import re
from typing import Any

from aiohttp import web
from pydantic import Field, create_model, model_validator
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.content.category.models import CommonCategory, Personnel, Registration, SensitiveWord
from core_api.content.common import delete_one, page_of, save
from core_api.platform.api import Api, BusinessType, OperLogSpec, parse, read_json
from core_api.platform.contract.content import CategoryTreeOut
from core_api.platform.counts import changed
from core_api.platform.envelope import ok
from core_api.platform.errors import Forbidden, NotFound, ServiceError
from core_api.platform.resource import CONFLICT, Action, F, Partner, Resource
from core_api.platform.schema import INT_MAX, Flag, Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, DICT

PLAIN, FRAME, ORGANISATION, SENSITIVE = "plain", "frame", "organisation", "sensitive"
MAX_LEVEL = 3
MAX_WORDS = 2000  # words added or removed in one call
WORD_SPLIT = re.compile(r"[\r\n,，、;；]+")
PENDING, APPROVED = "0", "1"


# ---- the category tree

async def parent_of(parent_id: int) -> dict[str, Any] | None:
    if not parent_id:
        return None
    rows = await CommonCategory.filter(id=parent_id).values("id", "level", "kind")
    if not rows:
        raise ServiceError("上级分类不存在")
    return rows[0]


async def placed(kind: str, parent_id: int, moving: dict[str, Any] | None) -> int:
    """The level a category of ``kind`` takes under ``parent_id``; refuses what the tree does not allow."""
    parent = await parent_of(parent_id)
    if kind == FRAME and parent is not None:
        raise ServiceError("架构只能是一级分类")
    if kind == SENSITIVE and parent is not None:
        raise ServiceError("敏感词库只能是一级分类")
    if kind == ORGANISATION and (parent is None or parent["kind"] != FRAME):
        raise ServiceError("组织必须建在架构之下")
    level = 1 if parent is None else parent["level"] + 1
    if level > MAX_LEVEL:
        raise ServiceError(f"分类最多{MAX_LEVEL}级")
    if moving is not None and parent_id != moving["parent_id"]:
        if parent_id == moving["id"]:
            raise ServiceError("上级分类不能是它自己")
        if await CommonCategory.filter(parent_id=moving["id"]).exists():
            raise ServiceError("该分类下还有子分类，不能移动到其他上级")
    return level


async def category_check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is not None and not values:  # a delete
        cid = before["id"]
        if await CommonCategory.filter(parent_id=cid).exists():
            raise ServiceError(f"分类“{before['name']}”下还有子分类，不能删除")
        if await SensitiveWord.filter(category_id=cid).exists():
            raise ServiceError(f"分类“{before['name']}”下还有敏感词，请先删除敏感词")
        if await Personnel.filter(category_id=cid).exists() or await Registration.filter(category_id=cid).exists():
            raise ServiceError(f"分类“{before['name']}”下还有人员或登记记录，不能删除")
        return
    kind = (before or {}).get("kind") or values.get("kind") or PLAIN
    parent_id = values.get("parent_id", (before or {}).get("parent_id", 0)) or 0
    values["parent_id"] = parent_id
    values["level"] = await placed(kind, parent_id, before)


ID = F("id", "编号", "ID", "id", edit="never", sortable=True)
CREATED = F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True)

category = Resource(
    name="CommonCategory", model=CommonCategory, perm="content:category", title="分类管理", title_en="Categories",
    view="content/category/index", check=category_check, order=("level", "sort", "id"),
    duplicate="同一上级下已有同名分类",
    fields=[
        ID,
        F("parent_id", "上级编号", "Parent ID", "int", min=0, filter="exact", default=0),
        F("level", "层级", "Level", "int", edit="never", filter="exact", sortable=True),
        F("kind", "分类类型", "Kind", "dict", dict_type="biz_category_kind", required=True, edit="create",
          filter="exact"),
        F("name", "分类名称", "Name", required=True, max_length=64, filter="fragment"),
        F("code", "分类编码", "Code", max_length=64, filter="exact"),
        F("icon", "图标", "Icon", "image", max_length=500),
        F("sort", "排序", "Sort", "int", min=0, max=9999, sortable=True, default=0),
        F("status", "状态", "Status", "dict", dict_type="biz_category_status", filter="exact", default="0"),
        F("word_count", "敏感词数", "Words", "int", edit="never"),
        F("remark", "备注", "Remark", "textarea", max_length=500, listed=False),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        CREATED,
    ],
    actions=[
        Action("sensitiveWords", "敏感词", "Sensitive words", "sensitiveWords",
               "admin/CommonCategory/sensitive_words", params={"id": "id"}, when={"kind": [SENSITIVE]},
               fields=(F("add", "添加敏感词(每行一个)", "Words to add (one a line)", "textarea", max_length=64000),
                       F("remove", "删除敏感词(每行一个)", "Words to remove (one a line)", "textarea",
                         max_length=64000))),
        Action("levels", "分类层级", "Levels", "edit", "content/category/levels", "LINK", row=False),
    ],
)
api = Api("content-category")


async def words_changed(request: web.Request) -> None:
    await changed(request.app, "common_sensitive_word", "common_category")


class TreeBody(Schema):
    depth: int = Field(2, ge=1, le=2, title="层级")
    kind: Flag | None = Field(None, max_length=16, title="分类类型")
    name: str | None = Field(None, max_length=64, title="分类名称")
    status: Flag | None = Field(None, max_length=1, title="状态")


def node(row: dict[str, Any]) -> dict[str, Any]:
    return category.view_of(None)(row)


@api.post("/admin/CommonCategory/v2/list", need=any_perm("content:category:list"), response=CategoryTreeOut,
          summary="The category tree: one level (depth 1) or the first two levels (depth 2), by sort")
async def tree(request: web.Request, principal: Principal, body: TreeBody) -> web.Response:
    qs = CommonCategory.filter(level=1)
    if body.kind:
        qs = qs.filter(kind=body.kind)
    if body.name:
        qs = qs.filter(name__icontains=body.name)
    if body.status:
        qs = qs.filter(status=body.status)
    roots = [node(r) for r in await qs.order_by("sort", "id").limit(1000).values(*category.columns)]
    if body.depth == 2 and roots:
        children: dict[int, list[dict[str, Any]]] = {}
        kids = CommonCategory.filter(parent_id__in=[r["id"] for r in roots])
        if body.status:
            kids = kids.filter(status=body.status)
        for row in await kids.order_by("sort", "id").limit(5000).values(*category.columns):
            children.setdefault(row["parent_id"], []).append(node(row))
        for root in roots:
            root["children"] = children.get(root["id"], [])
    return ok(data=roots)


def split_words(text: str | list[str] | None) -> list[str]:
    items = text if isinstance(text, list) else WORD_SPLIT.split(text or "")
    words = list(dict.fromkeys(w.strip() for w in items if w and w.strip()))
    for w in words:
        if len(w) > 32:
            raise ServiceError(f"敏感词“{w[:32]}…”过长，每个不超过32个字符")
    if len(words) > MAX_WORDS:
        raise ServiceError(f"一次最多维护{MAX_WORDS}个敏感词")
    return words


class WordsBody(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="分类编号")
    add: str | list[str] | None = Field(None, title="添加敏感词")
    remove: str | list[str] | None = Field(None, title="删除敏感词")

    @model_validator(mode="after")
    def bounded(self) -> WordsBody:
        for value in (self.add, self.remove):
            if isinstance(value, str) and len(value) > 64000 or isinstance(value, list) and len(value) > MAX_WORDS:
                raise ValueError(f"一次最多维护{MAX_WORDS}个敏感词")
        return self


@api.post("/admin/CommonCategory/sensitive_words", need=any_perm("content:category:sensitiveWords"),
          summary="Add and remove the sensitive words of a category of kind sensitive; answers its words",
          log=OperLogSpec("敏感词", BusinessType.UPDATE))
async def sensitive_words(request: web.Request, principal: Principal, body: WordsBody) -> web.Response:
    before = await category.one(request, principal, body.id)
    if before["kind"] != SENSITIVE:
        raise ServiceError("只有“敏感词库”类型的分类可以维护敏感词")
    add, remove = split_words(body.add), split_words(body.remove)
    if set(add) & set(remove):
        raise ServiceError("同一个敏感词不能同时添加和删除")
    if add:
        taken = await SensitiveWord.filter(word__in=add).exclude(category_id=body.id).values("word", "category_id")
        if taken:
            holder = await CommonCategory.filter(id=taken[0]["category_id"]).first()
            raise ServiceError(f"敏感词“{taken[0]['word']}”已在分类“{holder.name if holder else '?'}”中")
    now, changed_any = request.app[CLOCK].now(), bool(add or remove)
    added = removed = 0
    if changed_any:
        async with in_transaction():
            have = set(await SensitiveWord.filter(category_id=body.id, word__in=add).values_list("word", flat=True))
            fresh = [w for w in add if w not in have]
            if fresh:
                await SensitiveWord.bulk_create([SensitiveWord(category_id=body.id, word=w, create_time=now,
                                                               create_by=principal.user_name) for w in fresh])
            removed = await SensitiveWord.filter(category_id=body.id, word__in=remove).delete() if remove else 0
            added = len(fresh)
            total = await SensitiveWord.filter(category_id=body.id).count()
            await CommonCategory.filter(id=body.id).update(word_count=total, update_by=principal.user_name,
                                                           update_time=now)
            await category.record(request, principal, body.id, "action", before, {"word_count": total},
                                  note=f"敏感词：添加{added}个，删除{removed}个")
        await words_changed(request)
    words = await SensitiveWord.filter(category_id=body.id).order_by("id").limit(5000).values_list("word", flat=True)
    msg = f"已添加{added}个、删除{removed}个敏感词" if changed_any else "查询成功"
    return ok(data={"added": added, "removed": removed, "total": len(words), "words": words}, msg=msg)


# ---- /admin/category: the tree maintenance of the levels sub-page

class CategoryId(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="分类编号")


class CategoryIds(Schema):
    id: int | None = Field(None, ge=1, le=INT_MAX, title="分类编号")
    ids: list[int] | None = Field(None, min_length=1, max_length=100, title="分类编号")

    @model_validator(mode="after")
    def some(self) -> CategoryIds:
        if self.id is None and not self.ids:
            raise ValueError("请选择要删除的记录")
        if self.ids and any(not 1 <= i <= INT_MAX for i in self.ids):
            raise ValueError("编号不正确")
        return self

    def wanted(self) -> list[int]:
        return sorted({*(self.ids or ()), *((self.id,) if self.id else ())})


# An update's rules, with the id optional: without one, the body is read again under the create's rules.
CategoryEdit = create_model("CategoryEdit", __base__=category.update_model,  # type: ignore[call-overload]
                            id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")))


@api.post("/admin/category/list", need=any_perm("content:category:list"),
          summary="A page of categories filtered in the body (parent, level, kind, name, status)")
async def category_list(request: web.Request, principal: Principal, body: category.query_model) -> web.Response:  # type: ignore[name-defined]
    return await page_of(category, principal, body)


@api.get("/admin/category/detail", need=any_perm("content:category:query"),
         summary="One category with its direct children")
async def category_detail(request: web.Request, principal: Principal, query: CategoryId) -> web.Response:
    row = node(await category.one(request, principal, query.id))
    kids = await CommonCategory.filter(parent_id=query.id).order_by("sort", "id").limit(1000).values(*category.columns)
    row["children"] = [node(r) for r in kids]
    return ok(data=row)


@api.post("/admin/category/edit", need=any_perm("content:category:add", "content:category:edit"),
          summary="Create a category (no id: add a frame, an organisation...) or update one (an id)",
          log=OperLogSpec("分类管理", BusinessType.UPDATE))
async def category_edit(request: web.Request, principal: Principal, body: CategoryEdit) -> web.Response:  # type: ignore[valid-type]
    need = "content:category:edit" if body.id else "content:category:add"  # type: ignore[attr-defined]
    if not principal.authz.has_permi(need):
        raise Forbidden()
    if body.id is None:  # type: ignore[attr-defined]
        body = await parse(category.create_model, await read_json(request), request)
    record_id = await save(category, request, principal, body, body.id)  # type: ignore[attr-defined]
    return ok(data={"id": record_id})


@api.post("/admin/category/delete", need=any_perm("content:category:remove"),
          summary="Delete categories (refused while one has children, words, personnel or registrations)",
          log=OperLogSpec("分类管理", BusinessType.DELETE))
async def category_delete(request: web.Request, principal: Principal, body: CategoryIds) -> web.Response:
    wanted = body.wanted()
    rows = await CommonCategory.filter(id__in=wanted).values(*category.columns)
    if len(rows) != len(wanted):
        raise NotFound()
    async with in_transaction():
        for row in sorted(rows, key=lambda r: -r["level"]):
            await delete_one(category, request, principal, row["id"])
    return ok(msg="删除成功")


class SetBody(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="分类编号")
    parent_id: int | None = Field(None, ge=0, le=INT_MAX, title="上级编号")
    sort: int | None = Field(None, ge=0, le=9999, title="排序")

    @model_validator(mode="after")
    def something(self) -> SetBody:
        if self.parent_id is None and self.sort is None:
            raise ValueError("请指定新的上级分类或排序")
        return self


@api.post("/admin/category/set", need=any_perm("content:category:edit"),
          summary="Move a category (a new parent) or set its sort, only if nobody changed it meanwhile",
          log=OperLogSpec("分类管理", BusinessType.UPDATE))
async def category_set(request: web.Request, principal: Principal, body: SetBody) -> web.Response:
    before = await category.one(request, principal, body.id)
    after: dict[str, Any] = {}
    if body.parent_id is not None and body.parent_id != before["parent_id"]:
        after["parent_id"] = body.parent_id
        after["level"] = await placed(before["kind"], body.parent_id, before)
    if body.sort is not None and body.sort != before["sort"]:
        after["sort"] = body.sort
    if not after:
        return ok(msg="没有需要修改的内容")
    try:
        async with in_transaction():
            moved = await CommonCategory.filter(id=body.id, parent_id=before["parent_id"], sort=before["sort"]).update(
                **after, update_by=principal.user_name, update_time=request.app[CLOCK].now())
            if not moved:
                raise ServiceError(CONFLICT)
            await category.record(request, principal, body.id, "update", before, after, note="设置上级或排序")
    except IntegrityError as exc:  # the unique (parent, name) index
        raise ServiceError(category.duplicate) from exc
    return ok()


class StatusBody(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")
    status: Flag = Field(max_length=1, title="状态")
    reason: str = Field("", max_length=200, title="原因")


async def dict_value(request: web.Request, dict_type: str, value: str, label: str) -> None:
    allowed = {d["dictValue"] for d in await request.app[DICT].data_by_type(dict_type)}
    if value not in allowed:
        raise ServiceError(f"{label}的取值不正确")


async def change_status(request: web.Request, principal: Principal, res: Resource, record_id: int, status: str,
                        dict_type: str, already: str) -> None:
    """One conditional status change of a category or a person, with its history row."""
    await dict_value(request, dict_type, status, "状态")
    before = await res.one(request, principal, record_id)
    if before["status"] == status:
        raise ServiceError(already)
    async with in_transaction():
        if not await res.model.filter(id=record_id, status=before["status"]).update(
                status=status, update_by=principal.user_name, update_time=request.app[CLOCK].now()):
            raise ServiceError(CONFLICT)
        await res.record(request, principal, record_id, "action", before, {"status": status}, note="变更状态")


@api.post("/admin/category/status", need=any_perm("content:category:edit"),
          summary="Enable or disable a category (biz_category_status)",
          log=OperLogSpec("分类管理", BusinessType.UPDATE))
async def category_status(request: web.Request, principal: Principal, body: StatusBody) -> web.Response:
    await change_status(request, principal, category, body.id, body.status, "biz_category_status", "分类已是该状态")
    return ok()


# ---- registrations and personnel

async def organisation_check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if values.get("category_id") and not await CommonCategory.filter(id=values["category_id"],
                                                                     kind=ORGANISATION).exists():
        raise ServiceError("所属组织不存在")


READ_WRITE_ONLY = {"creatable": False, "shelf": None, "exportable": False, "list_method": "POST"}
PHONE = F("phone", "手机号", "Phone", "phone", mask="phone", filter="exact")
ORG = F("category_id", "所属组织", "Organisation", "int", min=0, filter="exact")

register = Resource(
    name="register", model=Registration, perm="content:register", title="登记管理", title_en="Registrations",
    view="content/register/index", check=organisation_check,
    fields=[
        ID, F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact"),
        F("name", "姓名", "Name", required=True, max_length=64, filter="fragment"), PHONE, ORG,
        F("content", "登记说明", "Details", "textarea", max_length=500),
        F("status", "审核状态", "Review", "dict", dict_type="biz_register_status", edit="never", filter="exact"),
        F("reason", "审核意见", "Review note", edit="never"),
        F("audit_by", "审核人", "Reviewed by", edit="never"),
        F("audit_time", "审核时间", "Reviewed at", "datetime", edit="never"),
        CREATED,
    ],
    actions=[Action("status", "审核", "Review", "status", "admin/register/status", method="GET", params={"id": "id"},
                    when={"status": [PENDING]}, confirm="审核结果提交后不可更改。",
                    confirm_en="A decision cannot be changed.",
                    fields=(F("status", "审核结果", "Decision", "dict", dict_type="biz_register_status", required=True),
                            F("reason", "审核意见", "Note", max_length=200)))],
    # the app submits; a pending registration with the same organisation is corrected in place, a reviewed
    # one stays as it was decided and the user's next submission is a new row
    partner=Partner("registrations", ("uid", "name", "phone", "category_id", "content"), key=("uid", "category_id"),
                    match={"status": PENDING}, summary="An app user's registration with an organisation",
                    actor="uid"),
    **READ_WRITE_ONLY,  # type: ignore[arg-type]
)

personnel = Resource(
    name="personnel", model=Personnel, perm="content:personnel", title="人员管理", title_en="Personnel",
    view="content/personnel/index", check=organisation_check, order=("sort", "id"),
    fields=[
        ID, F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact"),
        F("name", "姓名", "Name", required=True, max_length=64, filter="fragment"), PHONE, ORG,
        F("position", "职务", "Position", max_length=64),
        F("sort", "排序", "Sort", "int", min=0, max=9999, sortable=True),
        F("status", "状态", "Status", "dict", dict_type="biz_personnel_status", edit="never", filter="exact"),
        F("remark", "备注", "Remark", "textarea", max_length=500, listed=False),
        CREATED,
    ],
    actions=[Action("status", "变更状态", "Change state", "status", "admin/personnel/status", method="GET",
                    params={"id": "id"},
                    fields=(F("status", "状态", "State", "dict", dict_type="biz_personnel_status", required=True),))],
    **READ_WRITE_ONLY,  # type: ignore[arg-type]
)


class IdsBody(CategoryIds):
    pass


def alias_routes(res: Resource, title: str) -> None:
    """The spec's POST edit and POST delete beside the declaration's PUT and DELETE."""

    async def edit(request: web.Request, principal: Principal, body: Any) -> web.Response:
        await save(res, request, principal, body, body.id)
        return ok()

    async def delete(request: web.Request, principal: Principal, body: IdsBody) -> web.Response:
        wanted = body.wanted()
        if await res.model.filter(id__in=wanted).count() != len(wanted):
            raise NotFound()
        async with in_transaction():
            for record_id in wanted:
                await delete_one(res, request, principal, record_id)
        return ok(msg="删除成功")

    for fn, name, typed in ((edit, "edit", {"body": res.update_model}), (delete, "delete", {"body": IdsBody})):
        fn.__name__ = fn.__qualname__ = f"{res.name}_{name}_post"
        fn.__annotations__ = {"request": web.Request, "principal": Principal, **typed, "return": web.Response}
    api.post(f"/admin/{res.name}/edit", need=any_perm(f"{res.perm}:edit"), summary=f"{title}: update (body)",
             log=OperLogSpec(title, BusinessType.UPDATE))(edit)
    api.post(f"/admin/{res.name}/delete", need=any_perm(f"{res.perm}:remove"), summary=f"{title}: delete (body)",
             log=OperLogSpec(title, BusinessType.DELETE))(delete)


alias_routes(register, "登记管理")
alias_routes(personnel, "人员管理")


@api.get("/admin/register/status", need=any_perm("content:register:status"),
         summary="Review a pending registration (approve or reject, once); approving adds the person",
         log=OperLogSpec("登记管理", BusinessType.UPDATE))
async def register_status(request: web.Request, principal: Principal, query: StatusBody) -> web.Response:
    await dict_value(request, "biz_register_status", query.status, "审核状态")
    if query.status == PENDING:
        raise ServiceError("审核结果只能是通过或驳回")
    before = await register.one(request, principal, query.id)
    if before["status"] != PENDING:
        raise ServiceError("该登记已审核，不能重复审核")
    now = request.app[CLOCK].now()
    after = {"status": query.status, "reason": query.reason.strip(), "audit_by": principal.user_name,
             "audit_time": now}
    async with in_transaction():
        if not await Registration.filter(id=query.id, status=PENDING).update(**after):
            raise ServiceError("该登记已审核，不能重复审核")
        await register.record(request, principal, query.id, "action", before, after, note="审核")
        if query.status == APPROVED and not (before["uid"] and await Personnel.filter(
                uid=before["uid"], category_id=before["category_id"]).exists()):
            values = {"uid": before["uid"], "name": before["name"], "phone": before["phone"],
                      "category_id": before["category_id"]}
            person = await Personnel.create(**values, create_by=principal.user_name, create_time=now)
            await personnel.record(request, principal, person.id, "create", {}, values, note=f"登记{query.id}审核通过")
    return ok(msg="审核完成")


@api.get("/admin/personnel/status", need=any_perm("content:personnel:status"),
         summary="Make a person active or disabled (biz_personnel_status)",
         log=OperLogSpec("人员管理", BusinessType.UPDATE))
async def personnel_status(request: web.Request, principal: Principal, query: StatusBody) -> web.Response:
    await change_status(request, principal, personnel, query.id, query.status, "biz_personnel_status",
                        "人员已是该状态")
    return ok()
