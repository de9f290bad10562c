"""``python -m workers``: consumes the bus (RabbitMQ) and runs the periodic housekeeping.

Without ``CONSOLE_AMQP_URL`` the events are handled inside core_api's own process (the in-process
bus cannot cross processes), and this process only runs the housekeeping.
"""

from __future__ import annotations

import asyncio
import logging
import signal

from core_api.__main__ import load_settings, setup_logging
from core_api.platform import db
from core_api.platform.bus import RabbitBus, make_bus
from core_api.settings import Settings
from workers.handlers import subscribe_all
from workers.housekeeping import housekeeping_loop

log = logging.getLogger("console.workers")


async def run(settings: Settings) -> None:
    orm = await db.init_db(settings)
    bus = make_bus(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    if isinstance(bus, RabbitBus):
        subscribe_all(bus)
        await bus.start(consume=True)
        log.info("workers consuming %d handler queues on RabbitMQ", len(bus.subscriptions))
    else:
        log.info("no CONSOLE_AMQP_URL: events run inside core_api; this process runs housekeeping only")
    sweeper = asyncio.create_task(housekeeping_loop())
    try:
        await stop.wait()
    finally:
        sweeper.cancel()
        await bus.close()
        await db.close_db(orm)


def main() -> None:
    setup_logging()
    asyncio.run(run(load_settings()))


if __name__ == "__main__":
    main()
