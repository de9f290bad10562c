"""The bus outbox (core_api/platform/outbox.py): a message the broker did not take after its change committed is
kept in sys_bus_outbox, and published once the broker is back, once, by a core node's relay."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import uuid
from dataclasses import dataclass, field

import orjson
import pytest

from core_api.platform.bus import RabbitBus
from core_api.platform.models import BusOutbox, ExportJob
from core_api.platform.outbox import BROADCAST, keep_broadcasts, publish_kept, relay
from core_api.platform.state import BUS
from tests.conftest import AMQP_URL, BACKEND, eventually, token_for

rabbit_only = pytest.mark.skipif(BACKEND != "postgres", reason="RabbitMQ only")


async def test_a_node_relays_what_was_kept_in_order_and_once(start_app, make_settings):
    """Two messages an outage left kept: the node's own relay loop publishes both, oldest first, and deletes them;
    nothing is published twice."""
    from datetime import UTC, datetime

    client = await start_app(make_settings(), worker=False)
    bus = client.server.app[BUS]
    heard: list[dict] = []

    async def handler(payload: dict) -> None:
        heard.append(payload)

    if isinstance(bus, RabbitBus):  # the core node only publishes: a consumer of the same prefix hears
        consumer = RabbitBus(AMQP_URL, prefix=bus.prefix)
        consumer.subscribe("outbox.test", "outbox-test", handler)
        await consumer.start(consume=True)
    else:
        consumer = None
        bus.subscribe("outbox.test", "outbox-test", handler)
    try:
        for n in (1, 2):
            await BusOutbox.create(topic="outbox.test", payload=orjson.dumps({"n": n}).decode(),
                                   created_at=datetime.now(UTC))

        async def relayed() -> bool:
            return len(heard) == 2 and not await BusOutbox.exists()

        await eventually(relayed, timeout=10)  # RELAY_EVERY is 2 s
        await asyncio.sleep(2.5)  # one more relay: nothing left to publish again
        assert heard == [{"n": 1}, {"n": 2}]
        assert await relay(bus) == 0
    finally:
        if consumer is not None:
            await consumer.delete_topology()
            await consumer.close()


@dataclass
class Outage:
    prefix: str  # the test's own exchanges and queues
    gone: RabbitBus  # a client whose connection is gone: the broker takes nothing from it
    heard: list[dict] = field(default_factory=list)  # what ``handler`` was given

    async def handler(self, payload: dict) -> None:
        self.heard.append(payload)


@pytest.fixture
async def outage(start_app, make_settings) -> Outage:
    await start_app(make_settings(), worker=False)  # the database
    prefix = f"outbox{uuid.uuid4().hex[:8]}"
    gone = RabbitBus(AMQP_URL, prefix=prefix)
    gone.keep_unsent = keep_broadcasts  # its broadcasts are kept as a node's are
    await gone.start(consume=False)
    await gone.close()
    return Outage(prefix, gone)


@rabbit_only
async def test_a_message_the_broker_refuses_is_kept_then_published_when_it_is_back(outage):
    prefix, gone, heard, handler = outage.prefix, outage.gone, outage.heard, outage.handler
    assert await publish_kept(gone, "outbox.test", {"jobId": 7}) is False
    assert [(r.topic, orjson.loads(r.payload), r.attempts) for r in await BusOutbox.all()] == [
        ("outbox.test", {"jobId": 7}, 0)]
    assert await relay(gone) == 0  # still away: kept, its failed try counted
    assert [(r.topic, r.attempts) for r in await BusOutbox.all()] == [("outbox.test", 1)]

    back = RabbitBus(AMQP_URL, prefix=prefix)
    back.subscribe("outbox.test", "outbox-test", handler)
    await back.start(consume=True)
    try:
        assert await relay(back) == 1
        assert await BusOutbox.all().count() == 0

        async def once() -> bool:
            return heard == [{"jobId": 7}]

        await eventually(once, timeout=10)
        assert await publish_kept(back, "outbox.test", {"jobId": 8}) is True  # the broker there: straight on
        await eventually(lambda: asyncio.sleep(0, result=len(heard) == 2), timeout=10)
        assert heard == [{"jobId": 7}, {"jobId": 8}] and await BusOutbox.all().count() == 0
    finally:
        await back.delete_topology()
        await back.close()


async def test_a_kept_broadcast_reaches_the_nodes_through_the_relay(start_app, make_settings):
    """A broadcast kept during an outage (a permission changed, a session ended) is sent to every node's broadcast
    handlers by the relay, once; a publish kept beside it still goes to its topic."""
    client = await start_app(make_settings(), worker=False)
    bus = client.server.app[BUS]
    heard: list[dict] = []

    async def handler(payload: dict) -> None:
        heard.append(payload)

    bus.on_broadcast("outbox.cache", handler)
    await keep_broadcasts([{"topic": "outbox.cache", "payload": {"table": "sys_role"}},
                           {"topic": "outbox.cache", "payload": {"table": "sys_role"}},  # the same twice: kept once
                           {"topic": "outbox.cache", "payload": {"table": "sys_menu"}}])
    assert sorted(r.topic for r in await BusOutbox.all()) == [BROADCAST + "outbox.cache"] * 2

    async def relayed() -> bool:
        return len(heard) == 2 and not await BusOutbox.exists()

    await eventually(relayed, timeout=10)  # the node's relay loop, every 2 s
    await asyncio.sleep(2.5)
    assert heard == [{"table": "sys_role"}, {"table": "sys_menu"}]


@rabbit_only
async def test_a_broadcast_the_broker_refuses_is_kept_then_heard_when_it_is_back(outage):
    prefix, gone, heard, handler = outage.prefix, outage.gone, outage.heard, outage.handler
    await gone.broadcast("outbox.cache", {"table": "sys_role"})
    # the turn's batch waits for the channel BROADCAST_WAIT seconds, then is kept
    await eventually(lambda: BusOutbox.exists(), timeout=10)
    assert [(r.topic, orjson.loads(r.payload)) for r in await BusOutbox.all()] == [
        (BROADCAST + "outbox.cache", {"table": "sys_role"})]
    assert await relay(gone) == 0  # still away: kept

    back = RabbitBus(AMQP_URL, prefix=prefix)
    back.on_broadcast("outbox.cache", handler)
    await back.start(consume=False)  # a node: it hears the broadcasts without consuming events
    try:
        assert await relay(back) == 1
        assert await BusOutbox.all().count() == 0

        async def once() -> bool:
            return heard == [{"table": "sys_role"}]

        await eventually(once, timeout=10)
    finally:
        await back.delete_topology()
        await back.close()


def rabbitmqctl(*steps: str) -> None:
    ctl = shutil.which("rabbitmqctl")
    assert ctl is not None, "rabbitmqctl is needed to stop the broker (./ops/test installs RabbitMQ)"
    for step in steps:
        subprocess.run([ctl, "-q", step], check=True, stdout=subprocess.DEVNULL, timeout=120)


@rabbit_only
async def test_an_export_asked_while_the_broker_is_away_is_accepted_and_built_when_it_is_back(client):
    """RabbitMQ's application stopped: the operator's export is still accepted (not 系统内部错误, not refused), waits
    queued, and is built by the worker once the broker is back, through the node's relay."""
    caller_token = await token_for(client)
    headers = {"Authorization": f"Bearer {caller_token}"}
    await asyncio.to_thread(rabbitmqctl, "stop_app")
    try:
        started = await (await client.post("/admin/AccountUserConsumer/download_data", json={},
                                           headers=headers)).json()
        assert started["code"] == 200, started
        job_id = started["data"]["jobId"]
        assert (await ExportJob.get(id=job_id)).status == "queued"
        kept = await BusOutbox.all()
        assert [(r.topic, orjson.loads(r.payload)) for r in kept] == [("export.requested", {"jobId": job_id})]
    finally:
        await asyncio.to_thread(rabbitmqctl, "start_app", "await_startup")

    async def built() -> bool:
        return (await ExportJob.get(id=job_id)).status == "done"

    await eventually(built, timeout=60)
    assert not await BusOutbox.exists()


async def test_an_export_whose_node_died_before_publishing_its_request_is_built_by_the_relay(client, monkeypatch):
    """The export's job and its message commit together. A node killed right after the commit, before it published,
    used to leave the job queued and no message anywhere: the operator's next exports were refused for two hours
    (the fault test: 63 refusals, 7 exports built). The row waits HELD_FOR for its own node, then a relay
    publishes it and the job is built; while held, the relay leaves it."""
    from datetime import UTC, datetime, timedelta

    from core_api.platform import exports

    async def node_dies(*_args) -> bool:  # the process ends between the commit and the publish
        return False

    monkeypatch.setattr(exports, "release", node_dies)
    headers = {"Authorization": f"Bearer {await token_for(client)}"}
    started = await (await client.post("/admin/AccountUserConsumer/download_data", json={},
                                       headers=headers)).json()
    assert started["code"] == 200, started
    job_id = started["data"]["jobId"]
    kept = await BusOutbox.get(topic="export.requested")
    assert orjson.loads(kept.payload) == {"jobId": job_id} and kept.not_before is not None
    assert kept.not_before > datetime.now(UTC) + timedelta(seconds=5)  # left to its node for a while
    bus = client.server.app[BUS]
    assert await relay(bus) == 0 and (await ExportJob.get(id=job_id)).status == "queued"
    await BusOutbox.filter(id=kept.id).update(not_before=datetime.now(UTC) - timedelta(seconds=1))  # HELD_FOR later
    assert await relay(bus) == 1

    async def built() -> bool:
        return (await ExportJob.get(id=job_id)).status == "done"

    await eventually(built, timeout=60)
    assert not await BusOutbox.exists()


async def test_an_export_published_at_once_leaves_nothing_kept(client):
    headers = {"Authorization": f"Bearer {await token_for(client)}"}
    started = await (await client.post("/admin/AccountUserConsumer/download_data", json={},
                                       headers=headers)).json()
    assert started["code"] == 200, started

    async def built() -> bool:
        return (await ExportJob.get(id=started["data"]["jobId"])).status == "done"

    await eventually(built, timeout=60)
    assert not await BusOutbox.exists()
