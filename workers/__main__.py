"""``python -m workers``: consumes the bus and schedules the jobs (one leader among the workers).

Without ``CONSOLE_AMQP_URL`` there is no way between processes: the API process runs the handlers and the
scheduler itself (``python -m workers api``, which starts core_api with these handlers registered on its
in-process bus), and ``python -m workers`` only waits to be stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal

from core_api.model_index import model_modules
from core_api.monitor.job.routes import JOBS_CHANGED
from core_api.monitor.job.scheduler import Scheduler, leader_lock
from core_api.platform import db
from core_api.platform.bus import RabbitBus, make_bus
from core_api.platform.outbox import keep_broadcasts
from core_api.platform.process import event_loop, load_settings, setup_logging
from core_api.platform.settings import Settings
from core_api.platform.timefmt import set_zone
from workers.handlers import subscribe_all

log = logging.getLogger("console.workers")


async def run(settings: Settings) -> None:
    set_zone(settings.timezone)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    bus = make_bus(settings)
    bus.keep_unsent = keep_broadcasts  # broadcasts the broker did not take: a core node's relay sends them
    if not isinstance(bus, RabbitBus):
        log.info("no CONSOLE_AMQP_URL: core_api handles events and schedules jobs; nothing to do here")
        await stop.wait()
        return
    orm = await db.init_db(settings, model_modules())
    scheduler = Scheduler(leader_lock(settings), bus.publish, hold_file=settings.scheduler_hold_file)

    async def wake(_payload: dict) -> None:
        scheduler.wake()

    bus.on_broadcast(JOBS_CHANGED, wake)
    subscribe_all(bus)
    await bus.start(consume=False)
    # The scheduler first: declaring every handler's queue takes a while on a busy broker, and a worker started
    # again after a crash takes the jobs back (and fires their missed ticks) without waiting for it.
    scheduling = asyncio.create_task(scheduler.run(stop))
    try:
        await bus.consume()
        log.info("workers consuming %d handler queues on RabbitMQ", len(bus.subscriptions))
        await stop.wait()
    finally:
        stop.set()
        await scheduling
        await bus.close()  # in-flight messages finish or go back to the queue unacknowledged
        await db.close_db(orm)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="workers")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="consume the bus and schedule the jobs (the default)")
    api = sub.add_parser("api", help="serve the core API with these handlers on its in-process bus (no broker)")
    api.add_argument("--host", default="127.0.0.1")
    api.add_argument("--port", type=int, default=8010)
    args = parser.parse_args(argv)
    if args.command == "api":
        from core_api.__main__ import main as core_main

        core_main(["serve", "--host", args.host, "--port", str(args.port)], bus_handlers=[subscribe_all])
        return
    setup_logging()
    with asyncio.Runner(loop_factory=event_loop) as runner:
        runner.run(run(load_settings()))


if __name__ == "__main__":
    main()
