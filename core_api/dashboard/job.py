"""The jobs of the business report (Monitor > Jobs): ``statDailyPeople`` recounts today's and yesterday's new
and active app users and chat conversations; ``statDailyRebuild`` recounts a range of days from the orders
themselves (recovery after lost events), both onto stat_daily."""

from __future__ import annotations

from datetime import date, timedelta

from pydantic import Field, model_validator

from core_api.monitor.job.handlers import JobContext, job_handler
from core_api.platform.paging import FIRST_CHART_DAY as FIRST_DAY
from core_api.platform.paging import LAST_CHART_DAY as LAST_DAY
from core_api.platform.schema import StrictSchema

MAX_DAYS = 366


class PeopleParams(StrictSchema):
    days: int = Field(2, ge=1, le=31, title="统计天数", description="today and the days before it")


@job_handler("statDailyPeople", "统计报表-用户与会话", PeopleParams)
async def stat_daily_people(params: PeopleParams, ctx: JobContext) -> str:
    from core_api.dashboard.stats import local_day, recount_people

    today = local_day(ctx.now)
    days = [today - timedelta(days=i) for i in range(params.days)]
    figures = await recount_people(days, ctx.now)
    return "；".join(f"{d}：新增用户{f['new_users']}，活跃用户{f['active_users']}，会话{f['conversations']}"
                    for d, f in sorted(figures.items()))[:500]


class RebuildParams(StrictSchema):
    begin: date | None = Field(None, title="开始日期", description="default: yesterday")
    end: date | None = Field(None, title="结束日期", description="default: today")

    @model_validator(mode="after")
    def ordered(self) -> RebuildParams:
        for day in (self.begin, self.end):
            if day and not FIRST_DAY <= day <= LAST_DAY:
                raise ValueError(f"日期须在{FIRST_DAY}至{LAST_DAY}之间")
        if self.begin and self.end:
            if self.begin > self.end:
                raise ValueError("开始日期不能晚于结束日期")
            if (self.end - self.begin).days + 1 > MAX_DAYS:
                raise ValueError(f"日期范围不能超过{MAX_DAYS}天")
        return self


@job_handler("statDailyRebuild", "统计报表-按订单重算", RebuildParams)
async def stat_daily_rebuild(params: RebuildParams, ctx: JobContext) -> str:
    from core_api.dashboard.stats import local_day, rebuild

    today = local_day(ctx.now)
    end = params.end or today
    begin = params.begin or min(end, today - timedelta(days=1))
    if begin > end or (end - begin).days + 1 > MAX_DAYS:
        return f"日期范围不正确：{begin} 至 {end}"
    days = await rebuild(begin, end, ctx.now)
    return f"已按订单重算 {begin} 至 {end} 共 {days} 天"
