"""The bus contract, on the in-process bus and on RabbitMQ: delivery, retry, parking, broadcast."""

from __future__ import annotations

import asyncio
import uuid

import aio_pika
import pytest

from core_api.platform.bus import InProcessBus, RabbitBus
from tests.conftest import AMQP_URL, BACKEND, eventually

rabbit_only = pytest.mark.skipif(BACKEND != "postgres", reason="RabbitMQ only")


def buses() -> list[str]:
    return ["inprocess", "rabbit", "rabbit-quorum"] if BACKEND == "postgres" else ["inprocess"]


@pytest.fixture(params=buses())
async def bus_pair(request):
    """(publisher, consumer): the same object in process; two connections on RabbitMQ (classic or quorum queues:
    the retries then go through quorum retry queues)."""
    if request.param == "inprocess":
        bus = InProcessBus(max_attempts=3, retry_delay=0.05)
        yield bus, bus
        await bus.close()
        return
    prefix = f"bustest{uuid.uuid4().hex[:8]}"
    quorum = request.param == "rabbit-quorum"
    publisher = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=0.1, prefix=prefix, quorum=quorum)
    consumer = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=0.1, prefix=prefix, quorum=quorum)
    yield publisher, consumer
    await consumer.delete_topology()
    await consumer.close()
    await publisher.close()


async def test_a_published_event_reaches_each_handler_group_once(bus_pair):
    publisher, consumer = bus_pair
    got_a: list[dict] = []
    got_b: list[dict] = []

    async def a(payload: dict) -> None:
        got_a.append(payload)

    async def b(payload: dict) -> None:
        got_b.append(payload)

    consumer.subscribe("demo.created", "demo-a", a)
    consumer.subscribe("demo.created", "demo-b", b)
    consumer.subscribe("demo.other", "demo-c", b)
    await consumer.start(consume=True)
    if publisher is not consumer:
        await publisher.start(consume=False)
    for i in range(5):
        await publisher.publish("demo.created", {"n": i})

    async def done() -> bool:
        return len(got_a) == 5 and len(got_b) == 5

    await eventually(done)
    assert sorted(p["n"] for p in got_a) == [0, 1, 2, 3, 4]


async def test_a_failing_handler_is_retried_then_succeeds(bus_pair):
    publisher, consumer = bus_pair
    attempts: list[int] = []

    async def flaky(payload: dict) -> None:
        attempts.append(payload["n"])
        if len(attempts) < 3:
            raise RuntimeError("temporary failure")

    consumer.subscribe("demo.flaky", "demo-flaky", flaky)
    await consumer.start(consume=True)
    if publisher is not consumer:
        await publisher.start(consume=False)
    await publisher.publish("demo.flaky", {"n": 7})

    async def third_try() -> bool:
        return len(attempts) == 3

    await eventually(third_try)
    await asyncio.sleep(0.3)
    assert attempts == [7, 7, 7]  # succeeded on the third attempt, not handled again


async def test_a_handler_that_always_fails_is_parked_not_lost(bus_pair):
    publisher, consumer = bus_pair
    attempts: list[int] = []

    async def broken(payload: dict) -> None:
        attempts.append(payload["n"])
        raise ValueError("bad payload")

    consumer.subscribe("demo.broken", "demo-broken", broken)
    await consumer.start(consume=True)
    if publisher is not consumer:
        await publisher.start(consume=False)
    await publisher.publish("demo.broken", {"n": 1})

    async def three_attempts() -> bool:
        return len(attempts) == 3

    await eventually(three_attempts)
    if isinstance(consumer, InProcessBus):
        await consumer.drain()
        assert [(p.name, p.payload) for p in consumer.parked] == [("demo-broken", {"n": 1})]
        return
    # On RabbitMQ the message waits in the parking queue with its error.
    connection = await aio_pika.connect_robust(AMQP_URL)
    try:
        channel = await connection.channel()
        queue = await channel.declare_queue(f"{consumer.queue_name('demo-broken')}.parked", durable=True,
                                            arguments=consumer._durable_arguments())
        message = None

        async def parked() -> bool:
            nonlocal message
            message = await queue.get(fail=False)
            return message is not None

        await eventually(parked)
        assert message is not None
        assert message.headers["x-attempts"] == 3 and "bad payload" in message.headers["x-error"]
        assert message.body == b'{"n":1}'
        await message.ack()
    finally:
        await connection.close()
    assert attempts == [1, 1, 1]


async def test_broadcast_reaches_every_process(bus_pair):
    publisher, consumer = bus_pair
    heard_here: list[dict] = []
    heard_there: list[dict] = []

    async def here(payload: dict) -> None:
        heard_here.append(payload)

    async def there(payload: dict) -> None:
        heard_there.append(payload)

    publisher.on_broadcast("cache.dropped", here)
    if publisher is not consumer:
        consumer.on_broadcast("cache.dropped", there)
    await consumer.start(consume=True)
    if publisher is not consumer:
        await publisher.start(consume=False)
    await publisher.broadcast("cache.dropped", {"what": "config"})

    async def heard() -> bool:
        return heard_here == [{"what": "config"}] and (publisher is consumer or heard_there == heard_here)

    await eventually(heard)


def test_retries_back_off():
    bus = InProcessBus(max_attempts=4, retry_delay=0.5)
    assert [bus.delay_before(a) for a in (2, 3, 4)] == [0.5, 2.0, 8.0]
    rabbit = RabbitBus(AMQP_URL, max_attempts=4, retry_delay=0.5, prefix="p")
    assert [rabbit.retry_queue("h", a) for a in (2, 3, 4)] == ["p.h.retry.500ms", "p.h.retry.2000ms",
                                                                 "p.h.retry.8000ms"]
    assert rabbit.delay_queue("t", 1.5) == "p.delay.t.1500ms"
    # Quorum: new names, since RabbitMQ refuses to redeclare a classic queue of before with other arguments.
    quorum = RabbitBus(AMQP_URL, max_attempts=4, retry_delay=0.5, prefix="p", quorum=True)
    assert quorum.retry_queue("h", 2) == "p.h.retry.500ms.quorum"
    assert quorum.delay_queue("t", 1.5) == "p.delay.t.1500ms.quorum"
    assert quorum._delay_arguments(500, "", "p.h.quorum") == {
        "x-message-ttl": 500, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "p.h.quorum",
        "x-queue-type": "quorum", "x-dead-letter-strategy": "at-least-once", "x-overflow": "reject-publish"}


@rabbit_only
@pytest.mark.parametrize("quorum", [False, True], ids=["classic", "quorum"])
async def test_a_retry_pending_across_a_broker_restart_is_handled_once(quorum: bool):
    from tests.test_order_timeouts import restart_broker

    prefix = f"bustest{uuid.uuid4().hex[:8]}"
    attempts: list[int] = []

    async def fails_once(payload: dict) -> None:
        attempts.append(payload["n"])
        if len(attempts) == 1:
            raise RuntimeError("temporary failure")

    first = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=1.0, prefix=prefix, quorum=quorum)
    first.subscribe("demo.retried", "demo-retried", fails_once)
    await first.start(consume=True)
    await first.publish("demo.retried", {"n": 3})

    async def failed_once() -> bool:
        return len(attempts) == 1 and first._in_flight == 0

    await eventually(failed_once)
    declared = set(first._declared)  # the retry queue, for the clean-up
    await first.close()  # the retry waits in its queue, nobody connected
    await asyncio.to_thread(restart_broker)  # its TTL runs out while the broker is down or just back
    second = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=1.0, prefix=prefix, quorum=quorum)
    second.subscribe("demo.retried", "demo-retried", fails_once)
    await second.start(consume=True)
    try:
        async def retried() -> bool:
            return len(attempts) == 2

        await eventually(retried, timeout=20)
        await asyncio.sleep(0.5)
        assert attempts == [3, 3]
    finally:
        second._declared |= declared
        await second.delete_topology()
        await second.close()


@rabbit_only
async def test_quorum_queues_take_over_from_the_classic_queue_of_before_without_losing_its_messages():
    prefix = f"bustest{uuid.uuid4().hex[:8]}"
    got: list[dict] = []

    async def handler(payload: dict) -> None:
        got.append(payload)

    # An install of before: a classic queue holding an event nobody has handled yet.
    before = RabbitBus(AMQP_URL, prefix=prefix, quorum=False)
    before.subscribe("demo.paid", "demo-paid", handler)
    await before.start(consume=False)
    await before.declare(before.subscriptions[0])
    await before.publish("demo.paid", {"order": 1})
    await before.close()

    now = RabbitBus(AMQP_URL, prefix=prefix, quorum=True)
    now.subscribe("demo.paid", "demo-paid", handler)
    await now.start(consume=True)
    try:
        await now.publish("demo.paid", {"order": 2})

        async def both() -> bool:
            return sorted(p["order"] for p in got) == [1, 2]

        await eventually(both)
        await asyncio.sleep(0.3)
        assert sorted(p["order"] for p in got) == [1, 2]  # each once: the classic queue no longer hears the topic
        connection = await aio_pika.connect_robust(AMQP_URL)
        try:  # redeclaring with another type than the queue's would close the channel
            channel = await connection.channel()
            await channel.declare_queue(f"{prefix}.demo-paid.quorum", durable=True,
                                        arguments={"x-queue-type": "quorum"})
            classic = await channel.declare_queue(f"{prefix}.demo-paid", durable=True)
            assert classic.declaration_result.message_count == 0
            await channel.queue_delete(f"{prefix}.demo-paid")
        finally:
            await connection.close()
    finally:
        await now.delete_topology()
        await now.close()
