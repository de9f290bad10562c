"""IM groups (NoticeImGroup) and their members (the hidden group-users page): the declarations, and the
member block/unblock.

A member row is per group, so a block names the group as well as the uid (``groupId`` + ``uid`` +
``block``); the spec's ``uid`` + ``block`` alone would be ambiguous for a uid in several groups. A block
is one conditional update (blocked from "0" to "1" or back): of operators blocking the same member at
once exactly one succeeds, the others are told the member is already blocked.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.im.group.models import ImGroup, ImGroupMember
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import Action, F, Partner, Resource
from core_api.platform.schema import Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK

BLOCKED, OPEN = "1", "0"
GROUP_ID = r"^[A-Za-z0-9_.:-]{1,64}$"


async def check_group(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is None and "group_id" in values:  # a create
        if not re.match(GROUP_ID, values["group_id"]):
            raise ServiceError("群号只能包含字母、数字和 _ . : -")
        if await ImGroup.filter(group_id=values["group_id"]).exists():
            raise ServiceError(f"群号{values['group_id']}已存在")

resource = Resource(
    name="NoticeImGroup", model=ImGroup, perm="im:group", title="群组管理", title_en="IM groups",
    menu_buttons=("query", "add", "edit", "remove", "shelf", "export", "block"),  # as seeded, not as derived
    view="im/group/index",
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("group_id", "群号", "Group ID", required=True, max_length=64, edit="create", filter="exact"),
        F("name", "群名称", "Name", required=True, max_length=64, filter="fragment"),
        F("avatar", "群头像", "Avatar", "image", max_length=500, listed=False),
        F("owner_uid", "群主UID", "Owner UID", "uid", required=True, filter="exact"),
        F("member_count", "成员数", "Members", "int", min=0, max=100_000, edit="never", sortable=True),
        F("max_members", "人数上限", "Member limit", "int", min=2, max=100_000, default=500),
        F("notice", "群公告", "Notice", "textarea", max_length=500, listed=False),
        F("mute_all", "全员禁言", "Mute all", "flag", dict_type="biz_yes_no01", default="0", filter="exact"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
    check=check_group,
    actions=[Action("members", "群成员", "Members", "query", "im/group/users", "LINK", params={"groupId": "groupId"})],
    partner=Partner("im_groups", ("group_id", "name", "avatar", "owner_uid", "member_count", "max_members", "notice",
                                  "mute_all", "create_time"), key=("group_id",)),
)

members = Resource(
    name="NoticeImGroupUser", model=ImGroupMember, perm="im:group", list_perm="im:group:query",
    menu_buttons=("block",),  # as seeded, not as derived
    title="群成员", title_en="Group members", view="im/group/users", shelf=None, order=("id",),
    time_field="joined_time", creatable=False, editable=False, removable=False,
    partner=Partner("im_group_members", ("group_id", "uid", "nick", "role", "joined_time"), key=("group_id", "uid"),
                    refs={"group_id": "NoticeImGroup.group_id"}, removable=True),
    fields=[
        F("id", "编号", "ID", "id", edit="never"),
        F("group_id", "群号", "Group ID", max_length=64, edit="never", filter="exact"),
        F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact"),
        F("nick", "群昵称", "Nick in group", max_length=64, edit="never", filter="fragment"),
        F("role", "角色", "Role", "dict", dict_type="biz_im_member_role", edit="never", filter="exact"),
        F("blocked", "屏蔽状态", "Blocked", "flag", dict_type="biz_im_blocked", edit="never", filter="exact"),
        F("joined_time", "入群时间", "Joined at", "datetime", edit="never", filter="range", sortable=True),
        F("block_by", "操作人", "Blocked by", edit="never"),
        F("block_time", "屏蔽时间", "Blocked at", "datetime", edit="never"),
    ],
    actions=[
        Action("block", "屏蔽/解除", "Block or unblock", "block", "admin/NoticeImGroup/shelf_block", method="GET",
               params={"groupId": "groupId", "uid": "uid"},
               fields=(F("block", "屏蔽", "Block", "dict", dict_type="biz_im_blocked", required=True),)),
    ],
)
api = Api("im-group")


class BlockQuery(Schema):
    group_id: str = Field(pattern=GROUP_ID, title="群号")
    uid: int = Field(ge=1, le=2**63 - 1, title="用户UID")
    block: Literal["0", "1"] = Field(title="屏蔽标志")


@api.get("/admin/NoticeImGroup/shelf_block", need=any_perm("im:group:block"),
         summary="Block (block=1) or unblock (block=0) a member of a group",
         log=OperLogSpec("群成员屏蔽", BusinessType.UPDATE))
async def shelf_block(request: web.Request, principal: Principal, query: BlockQuery) -> web.Response:
    group = await ImGroup.filter(group_id=query.group_id).values("id")
    if not group:
        raise ServiceError("群组不存在")
    row = await ImGroupMember.filter(group_id=query.group_id, uid=query.uid).values(*members.columns)
    if not row:
        raise ServiceError("该用户不是本群成员")
    before = row[0]
    was = OPEN if query.block == BLOCKED else BLOCKED
    after = {"blocked": query.block, "block_by": principal.user_name, "block_time": request.app[CLOCK].now()}
    note = f"{'屏蔽' if query.block == BLOCKED else '解除屏蔽'}成员 {query.uid}"
    async with in_transaction():
        moved = await ImGroupMember.filter(id=before["id"], blocked=was).update(**after)
        if not moved:
            raise ServiceError("该成员已被屏蔽" if query.block == BLOCKED else "该成员未被屏蔽")
        await members.record(request, principal, before["id"], "action", before, after, note=note)
        await resource.record(request, principal, group[0]["id"], "action", {}, {}, note=note)
    return ok(msg="屏蔽成功" if query.block == BLOCKED else "已解除屏蔽")

