"""The scheduled job ``syncSupplyGoods`` (Monitor > Jobs, seeded paused): syncs the goods already brought in
from the configured supply-chain provider again (prices, stock, SKUs), oldest update first; its log says what
changed and which items failed (a provider error on one item leaves that item as it was)."""

from __future__ import annotations

from pydantic import Field

from core_api.monitor.job.handlers import JobContext, job_handler
from core_api.platform.errors import ServiceError
from core_api.platform.schema import StrictSchema


class SyncParams(StrictSchema):
    limit: int = Field(100, title="每次最多同步", ge=1, le=1000, description="goods items synced in one run")


@job_handler("syncSupplyGoods", "同步供应链商品", SyncParams)
async def sync_supply_goods(params: SyncParams, ctx: JobContext) -> str:
    from core_api.mall.goods.models import MallGoods
    from core_api.mall.supply.service import sync_goods
    from core_api.platform.settings import Settings
    from core_api.platform.supply import supply_of

    settings = getattr(ctx.services.bus, "settings", None) or Settings()
    supply = supply_of(settings)
    refs = await MallGoods.filter(source=supply.name).order_by("update_time", "id").limit(params.limit).values_list(
        "source_ref", flat=True)
    created = updated = same = 0
    failed: list[str] = []
    for ref in refs:
        try:
            result = await sync_goods(supply, str(ref), "job", ctx.now)
        except ServiceError as exc:
            failed.append(f"{ref}:{exc.msg}")
            continue
        if result.created:
            created += 1
        elif result.unchanged:
            same += 1
        else:
            updated += 1
    text = f"供应链 {supply.name}：同步 {len(refs)} 个商品，更新 {updated} 个，无变化 {same} 个"
    if created:
        text += f"，新建 {created} 个"
    if failed:
        text += f"，失败 {len(failed)} 个（{'；'.join(failed)}）"
    return text[:500]
