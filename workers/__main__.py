"""``python -m workers``: consumes the bus and schedules the jobs (one leader among the workers).

Without ``CONSOLE_AMQP_URL`` there is no way between processes: core_api then handles its events and
schedules the jobs itself, and this process only waits to be stopped.
"""

from __future__ import annotations

import asyncio
import logging
import signal

from core_api.__main__ import load_settings, setup_logging
from core_api.monitor.job.routes import JOBS_CHANGED
from core_api.monitor.job.scheduler import Scheduler, leader_lock
from core_api.platform import db
from core_api.platform.bus import RabbitBus, make_bus
from core_api.platform.timefmt import set_zone
from core_api.settings import Settings
from workers.handlers import subscribe_all

log = logging.getLogger("console.workers")


async def run(settings: Settings) -> None:
    set_zone(settings.timezone)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    bus = make_bus(settings)
    if not isinstance(bus, RabbitBus):
        log.info("no CONSOLE_AMQP_URL: core_api handles events and schedules jobs; nothing to do here")
        await stop.wait()
        return
    orm = await db.init_db(settings)
    scheduler = Scheduler(leader_lock(settings), bus.publish)

    async def wake(_payload: dict) -> None:
        scheduler.wake()

    bus.on_broadcast(JOBS_CHANGED, wake)
    subscribe_all(bus)
    await bus.start(consume=True)
    log.info("workers consuming %d handler queues on RabbitMQ", len(bus.subscriptions))
    scheduling = asyncio.create_task(scheduler.run(stop))
    try:
        await stop.wait()
    finally:
        await scheduling
        await bus.close()  # in-flight messages finish or go back to the queue unacknowledged
        await db.close_db(orm)


def main() -> None:
    setup_logging()
    asyncio.run(run(load_settings()))


if __name__ == "__main__":
    main()
