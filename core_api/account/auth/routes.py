"""Identity verification (AccountUserAuth): the six calls from the declaration, and the audit.

A decision is final: only a pending submission can be passed or rejected, in one conditional update, so two
operators deciding at once cannot both win. A rejected submission stays as it was; the app submits anew."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from core_api.account.auth.models import IdentityVerification
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.resource import Action, F, Partner, Resource
from core_api.platform.schema import Schema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK

PENDING, PASSED, REJECTED = "0", "1", "2"

resource = Resource(
    name="AccountUserAuth", model=IdentityVerification, perm="account:auth", title="实名认证",
    title_en="Identity verification", view="account/auth/index",
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("uid", "用户UID", "User UID", "uid", required=True, edit="create", filter="exact"),
        F("real_name", "真实姓名", "Real name", required=True, max_length=32, filter="fragment", mask="name"),
        F("id_number", "身份证号", "ID number", "idcard", required=True, mask="idcard"),
        F("front_image", "证件正面", "Front side", "image", listed=False),
        F("back_image", "证件反面", "Back side", "image", listed=False),
        F("hand_image", "手持证件", "Holding the card", "image", listed=False),
        F("status", "审核状态", "Audit status", "dict", dict_type="biz_audit_status", edit="never", filter="exact"),
        F("audit_remark", "审核意见", "Audit remark", "textarea", edit="never", listed=False),
        F("audit_by", "审核人", "Audited by", edit="never"),
        F("audit_time", "审核时间", "Audited at", "datetime", edit="never"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "提交时间", "Submitted at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[
        Action("audit", "审核", "Audit", "audit", "admin/AccountUserAuth/audit", params={"id": "id"},
               when={"status": [PENDING]}, confirm="审核结果提交后不可更改。",
               confirm_en="A decision cannot be changed.",
               fields=(F("pass", "审核结果", "Decision", "dict", dict_type="biz_audit_decision", required=True),
                       F("remark", "审核意见", "Remark", "textarea", max_length=200))),
    ],
    partner=Partner("identity", ("uid", "real_name", "id_number", "front_image", "back_image", "hand_image",
                                 "create_time"), key=("uid",), match={"status": PENDING},
                    final=("status", (PASSED,), "该用户已通过实名认证，不能重复提交"), summary="identity submissions",
                    actor="uid"),
)
api = Api("account-auth")


class AuditBody(Schema):
    id: int = Field(ge=1, le=2**63 - 1, title="编号")
    pass_: bool = Field(alias="pass", title="审核结果")
    remark: str = Field("", max_length=200, title="审核意见")


@api.post("/admin/AccountUserAuth/audit", need=any_perm("account:auth:audit"),
          summary="Pass or reject a pending identity submission (final)",
          log=OperLogSpec("实名认证", BusinessType.UPDATE))
async def audit(request: web.Request, principal: Principal, body: AuditBody) -> web.Response:
    before = await resource.one(request, principal, body.id)
    decision = PASSED if body.pass_ else REJECTED
    if not body.pass_ and not body.remark.strip():
        raise ServiceError("驳回时请填写审核意见")
    after = {"status": decision, "audit_remark": body.remark, "audit_by": principal.user_name,
             "audit_time": request.app[CLOCK].now()}
    moved = await IdentityVerification.filter(id=body.id, status=PENDING).update(**after)
    if not moved:  # decided meanwhile (or removed): read again to say which
        if await IdentityVerification.filter(id=body.id).exclude(status=PENDING).exists():
            raise ServiceError("该认证已审核，审核结果不能更改")
        raise NotFound()
    await resource.record(request, principal, body.id, "action", before, after,
                          note="审核通过" if body.pass_ else "审核驳回")
    return ok(msg="审核通过" if body.pass_ else "已驳回")


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "该认证已审核，审核结果不能更改": "This verification has been reviewed: its result cannot change",
    "驳回时请填写审核意见": "Give a review comment when rejecting",
})
