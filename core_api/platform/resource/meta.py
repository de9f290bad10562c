"""What the screens are drawn from: a declaration's fields and actions as ``ResourceMeta``
(core_api/platform/contract.py), asked by the view path of a menu at ``/admin/resources/meta``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from aiohttp import web
from pydantic import Field as PydField

from core_api.platform.api import Api, request_lang
from core_api.platform.contract import ResourceActionMeta, ResourceFieldMeta, ResourceMeta, ResourceMetaOut
from core_api.platform.envelope import ok
from core_api.platform.errors import Forbidden, NotFound
from core_api.platform.paging import to_camel
from core_api.platform.resource.fields import F
from core_api.platform.resource.kinds import KINDS
from core_api.platform.resource.registry import REGISTRY
from core_api.platform.resource.routes import in_package
from core_api.platform.schema import Schema
from core_api.platform.security import Principal

if TYPE_CHECKING:
    from core_api.platform.resource.declaration import Resource


def field_meta(f: F, lang: str) -> ResourceFieldMeta:
    kind = KINDS.get(f.kind)
    return ResourceFieldMeta(
        name=f.wire, label=f.label_en if lang == "en" else f.label, kind=f.kind,
        picker=kind.picker if kind is not None else None, dict_type=f.dict_type,
        required=f.required, max_length=f.max_length, min=f.min, max=f.max, listed=f.listed, filter=f.filter,
        sortable=f.sortable, edit=f.edit, exported=f.exported, masked=f.mask is not None,
        follows=to_camel(f.follows) if f.follows else None, picks=dict(f.picks) or None,
    )


# What names a record where a declaration does not say: its name, title, number, nick name (in this order).
LABEL_FIELDS = ("name", "title", "goods_name", "shop_name", "order_no", "real_name", "nick_name", "nickname", "phone",
                "uid")


def label_field(res: Resource) -> str | None:
    name = res.label_field or next((n for n in LABEL_FIELDS if n in res.by_name), None)
    return to_camel(name) if name else None


def meta_of(res: Resource, lang: str) -> ResourceMeta:
    dict_types = {f.dict_type for f in res.fields if f.dict_type}
    dict_types |= {f.dict_type for a in res.actions for f in a.fields if f.dict_type}
    return ResourceMeta(
        name=res.name, title=res.title_en if lang == "en" else res.title, view=res.view, perm=res.perm,
        key=to_camel(res.key), list_method=res.list_method,
        list_path=(res.list_path or f"/admin/{res.name}/list").lstrip("/"),
        shelf=to_camel(res.shelf) if res.shelf else None, label_field=label_field(res),
        creatable=res.creatable, add_perm=res.add_perm, editable=res.editable, removable=res.removable,
        exportable=res.exportable,
        export_path=res.export_path.lstrip("/") if res.export_path else None,
        fields=[field_meta(f, lang) for f in res.fields],
        actions=[ResourceActionMeta(
            key=a.key, label=a.label_en if lang == "en" else a.label, perm=a.full_perm(res.perm), method=a.method,
            path=a.path.lstrip("/"), row=a.row, params=a.params, fields=[field_meta(f, lang) for f in a.fields],
            confirm=(a.confirm_en if lang == "en" else a.confirm) or a.confirm,
            amount=to_camel(a.amount) if a.amount else None,
            when={to_camel(k): v for k, v in a.when.items()} if a.when else None,  # the rows' wire names
        ) for a in res.actions],
        dict_types=sorted(t for t in dict_types if t),
    )


meta_api = Api("admin-resources")
VIEW = re.compile(r"^[A-Za-z0-9_/-]{1,100}$")


class MetaQuery(Schema):
    view: str = PydField(..., pattern=VIEW.pattern, title="页面")


@meta_api.get("/admin/resources/meta", login_only=True, response=ResourceMetaOut,
              summary="What a business screen is drawn from: the resource behind a menu's view path")
@in_package
async def resource_meta(request: web.Request, principal: Principal, query: MetaQuery) -> web.Response:
    res = next((r for r in REGISTRY.values() if r.view == query.view), None)
    if res is None:
        raise NotFound()
    if not principal.authz.has_permi(res.list_perm or f"{res.perm}:list"):
        raise Forbidden()
    meta = meta_of(res, request_lang(request))
    if res.shop_field:
        meta.own_shop = principal.authz.scope.shop_id
    return ok(data=meta.model_dump(by_alias=True))
