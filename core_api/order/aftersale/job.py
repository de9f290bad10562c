"""The sweep of refunds left refunding (DOMAIN.md "Refunds and after-sale": a retry reuses the refund number).

The refund row and its number are committed before the wallet is called; a process that dies between that
commit and the wallet answer (or a worker killed mid-way) leaves the after-sale refunding, where no operator
action applies. The job ``resendStuckRefunds`` takes each refund refunding for longer than ``minutes`` (no send
since then), claims it by a conditional update so that concurrent runs send it once, sends it again with the
SAME refund number (the wallet answers a repeat with the first result and never pays twice) and applies the
answer through the conditional steps of an execution: the line ends refunded or refund failed, or stays
refunding while the wallet is still processing it (the next run asks again).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from core_api.monitor.job.handlers import JobContext, job_handler
from core_api.order.aftersale import service
from core_api.order.core import flow
from core_api.order.group.job import wallet_of
from core_api.platform.schema import StrictSchema


class ResendParams(StrictSchema):
    minutes: int = Field(5, title="退款中超过(分钟)", ge=1, le=1440,
                         description="a refund refunding this long after its last send lost its answer")
    limit: int = Field(100, title="每次最多处理", ge=1, le=10_000, description="refunds handled in one run")


@job_handler("resendStuckRefunds", "重发结果未知的退款", ResendParams)
async def resend_stuck_refunds(params: ResendParams, ctx: JobContext) -> str:
    bus = ctx.services.bus
    after = timedelta(minutes=params.minutes)
    events: list[dict[str, Any]] = []
    done: dict[str, int] = {}
    for after_sale_id in await service.stuck_refunds(ctx.now, params.limit, after):
        outcome = await service.resume(after_sale_id, wallet_of(bus), ctx.now, after)
        if outcome is not None:
            done[outcome.status] = done.get(outcome.status, 0) + 1
            events += outcome.events
    await flow.publish(bus, events)
    if not done:
        return "没有结果未知的退款"
    text = f"重发退款 {sum(done.values())} 笔：退款成功 {done.get(service.REFUNDED, 0)} 笔，" \
           f"退款失败 {done.get(service.REFUND_FAILED, 0)} 笔"
    if processing := done.get(service.REFUNDING, 0):
        text += f"，仍在处理中 {processing} 笔"
    return text
