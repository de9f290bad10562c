"""Operation log (RuoYi /monitor/operlog)."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from core_api.monitor.operlog.models import SysOperLog
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract.system import OperLogOut
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound
from core_api.platform.excel import Column, keyset_batches, xlsx_response
from core_api.platform.paging import ListQuery, between_days, camel_row, page_of, parse_ids
from core_api.platform.security import any_perm

api = Api("operlog")
SORTS = {"operTime": "oper_time", "costTime": "cost_time", "operId": "oper_id", "operName": "oper_name"}
LIST_FIELDS = ("oper_id", "title", "business_type", "method", "request_method", "operator_type", "oper_name",
               "dept_name", "oper_url", "oper_ip", "oper_location", "status", "error_msg", "oper_time", "cost_time")
TYPES = {0: "其它", 1: "新增", 2: "修改", 3: "删除", 4: "授权", 5: "导出", 6: "导入", 7: "强退", 8: "生成代码",
         9: "清空数据"}


class OperLogQuery(ListQuery):
    title: str | None = Field(None, max_length=50)
    oper_name: str | None = Field(None, max_length=50)
    oper_ip: str | None = Field(None, max_length=128)
    business_type: int | None = Field(None, ge=0, le=9)
    business_types: str | None = Field(None, pattern=r"^\d(,\d)*$")
    status: int | None = Field(None, ge=0, le=1)


def filtered(query: OperLogQuery):
    qs = SysOperLog.all()
    if query.title:
        qs = qs.filter(title__icontains=query.title)
    if query.oper_name:
        qs = qs.filter(oper_name__icontains=query.oper_name)
    if query.oper_ip:
        qs = qs.filter(oper_ip__contains=query.oper_ip)
    if query.business_type is not None:
        qs = qs.filter(business_type=query.business_type)
    if query.business_types:
        qs = qs.filter(business_type__in=[int(x) for x in query.business_types.split(",")])
    if query.status is not None:
        qs = qs.filter(status=query.status)
    return between_days(qs, "oper_time", query.begin_time, query.end_time)


@api.get("/monitor/operlog/list", need=any_perm("monitor:operlog:list"), summary="Operation log, newest first")
async def list_logs(request: web.Request, query: OperLogQuery) -> web.Response:
    rows, total = await page_of(filtered(query), query, SORTS, ["-oper_time", "-oper_id"], *LIST_FIELDS,
                                app=request.app, table="sys_oper_log", recent="oper_time")
    return table([camel_row(r) for r in rows], total)


@api.get(r"/monitor/operlog/{operId:\d+}", need=any_perm("monitor:operlog:query"),
         summary="One operation with its parameters, result and error", response=OperLogOut)
async def get_log(operId: int) -> web.Response:  # noqa: N803 - the contract's name
    rows = await SysOperLog.filter(oper_id=operId).values()
    if not rows:
        raise NotFound()
    return ok(data=camel_row(rows[0]))


@api.delete(r"/monitor/operlog/{operIds:[\d,]+}", need=any_perm("monitor:operlog:remove"),
            summary="Delete log rows", log=OperLogSpec("操作日志", BusinessType.DELETE))
async def delete_logs(request: web.Request, operIds: str) -> web.Response:  # noqa: N803
    await SysOperLog.filter(oper_id__in=parse_ids(operIds)).delete()
    await changed(request.app, "sys_oper_log")
    return ok()


@api.delete("/monitor/operlog/clean", need=any_perm("monitor:operlog:remove"), summary="Empty the log",
            log=OperLogSpec("操作日志", BusinessType.CLEAN))
async def clean_logs(request: web.Request) -> web.Response:
    await SysOperLog.all().delete()
    await changed(request.app, "sys_oper_log")
    return ok()


@api.post("/monitor/operlog/export", need=any_perm("monitor:operlog:export"), summary="The log as xlsx",
          log=OperLogSpec("操作日志", BusinessType.EXPORT, save_response=False))
async def export_logs(request: web.Request, body: OperLogQuery) -> web.StreamResponse:
    batches = keyset_batches(filtered(body), "oper_id", camel_row, newest_first=True)

    columns = [
        Column("操作序号", "operId"), Column("操作模块", "title"), Column("业务类型", "businessType", TYPES.get),
        Column("请求方法", "method", width=40), Column("请求方式", "requestMethod"), Column("操作人员", "operName"),
        Column("部门名称", "deptName"), Column("请求地址", "operUrl", width=30), Column("操作地址", "operIp"),
        Column("操作地点", "operLocation"), Column("请求参数", "operParam", width=40),
        Column("返回参数", "jsonResult", width=40), Column("状态", "status", lambda v: "正常" if v == 0 else "异常"),
        Column("错误消息", "errorMsg", width=30), Column("操作时间", "operTime", width=20),
        Column("消耗时间(毫秒)", "costTime"),
    ]
    return await xlsx_response(request, "操作日志.xlsx", "操作日志", columns, batches)
