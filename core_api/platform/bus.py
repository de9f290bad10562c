"""The message bus: RabbitMQ through aio-pika when ``CONSOLE_AMQP_URL`` is set, else in-process.

Two kinds of traffic:
- events (``publish``/``subscribe``): durable work for exactly one consumer group per handler name;
  a failing handler is retried after a delay and, after ``max_attempts``, parked for an operator.
- broadcasts (``broadcast``/``on_broadcast``): every process hears them (cache invalidation).

The in-process bus runs the same handlers on an asyncio queue: at-most-once and single node (a
crash loses what is queued), which is what a laptop needs; production uses RabbitMQ.

Delayed events (``publish_later(topic, payload, delay_s)``, the order timeouts): on RabbitMQ a durable queue
per (topic, delay) - ``<prefix>.delay.<topic>.<ms>ms`` with ``x-message-ttl`` and dead-lettering to the events
exchange with the topic as routing key - declared once per process and cached. One delay per queue keeps the
expiry right: RabbitMQ expires only the head of a queue, so messages of different TTLs in one queue would
wait behind a longer one. The messages are persistent and survive a restart of the broker or of the
publisher. With quorum queues (``quorum``) the delay queue is a quorum queue too (``<...>ms.quorum``), as are
the retry queues, dead-lettering at least once (``_delay_arguments``). In-process: an asyncio task that sleeps,
then publishes (lost on restart: whoever relies on a delayed event also runs a periodic sweep doing the same
conditional work).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from core_api.platform.batching import TurnBatcher

if TYPE_CHECKING:
    from core_api.platform.settings import Settings

log = logging.getLogger("console.bus")

Handler = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass
class Subscription:
    name: str  # the consumer group: one queue per name
    topic: str
    handler: Handler


@dataclass
class Parked:
    name: str
    topic: str
    payload: dict[str, Any]
    error: str


BACKOFF = 4  # each retry waits this many times longer than the one before
BROADCAST_WAIT = 2.0  # seconds a broadcast waits for the broker's channel before it is kept for the relay


@dataclass
class BaseBus:
    max_attempts: int = 5
    retry_delay: float = 2.0  # before the first retry

    def delay_before(self, attempt: int) -> float:
        """The wait before attempt ``attempt`` (2, 3, ...): retry_delay × 4^(attempt − 2)."""
        return self.retry_delay * BACKOFF ** (attempt - 2)
    subscriptions: list[Subscription] = field(default_factory=list)
    # The settings the bus was made from: handlers that need configuration (the webhook's URL and key)
    # read it here, so that a test's settings reach the handlers it registers.
    settings: Settings | None = None
    broadcast_handlers: dict[str, list[Handler]] = field(default_factory=lambda: defaultdict(list))
    # Where broadcasts the broker did not take go (the node's outbox, ``outbox.keep_broadcasts``), to be sent
    # again once it is back; without it they are logged and dropped.
    keep_unsent: Callable[[list[dict[str, Any]]], Awaitable[None]] | None = None

    def subscribe(self, topic: str, name: str, handler: Handler) -> None:
        self.subscriptions.append(Subscription(name=name, topic=topic, handler=handler))

    def on_broadcast(self, topic: str, handler: Handler) -> None:
        self.broadcast_handlers[topic].append(handler)

    async def broadcast_now(self, topic: str, payload: dict[str, Any]) -> None:
        """``broadcast``, sent before it returns and raising when it could not be (the outbox's relay)."""
        await self._run_broadcast(topic, payload)

    async def _run_broadcast(self, topic: str, payload: dict[str, Any]) -> None:
        for handler in self.broadcast_handlers.get(topic, []):
            try:
                await handler(payload)
            except Exception:
                log.exception("broadcast handler for %s failed", topic)


class InProcessBus(BaseBus):
    def __init__(self, max_attempts: int = 5, retry_delay: float = 2.0) -> None:
        super().__init__(max_attempts=max_attempts, retry_delay=retry_delay)
        self._queue: asyncio.Queue[tuple[Subscription, dict[str, Any], int]] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()
        self._consumer: asyncio.Task[None] | None = None
        self._delayed: set[asyncio.Task[None]] = set()
        self.parked: list[Parked] = []

    async def start(self, consume: bool = True) -> None:
        if consume and self._consumer is None:
            self._consumer = asyncio.create_task(self._consume())

    async def publish(self, topic: str, payload: dict[str, Any]) -> None:
        for sub in self.subscriptions:
            if sub.topic == topic:
                self._queue.put_nowait((sub, payload, 1))

    async def broadcast(self, topic: str, payload: dict[str, Any]) -> None:
        await self._run_broadcast(topic, payload)

    async def publish_later(self, topic: str, payload: dict[str, Any], delay_s: float) -> None:
        async def later() -> None:
            await asyncio.sleep(max(delay_s, 0))
            await self.publish(topic, payload)

        task = asyncio.create_task(later())
        self._delayed.add(task)
        task.add_done_callback(self._delayed.discard)

    async def _consume(self) -> None:
        while True:
            sub, payload, attempt = await self._queue.get()
            try:
                await sub.handler(payload)
            except Exception as exc:
                if attempt < self.max_attempts:
                    log.warning("handler %s failed (attempt %d), retrying", sub.name, attempt)
                    self._later(sub, payload, attempt + 1)
                else:
                    log.error("handler %s failed %d times, parked: %s", sub.name, attempt, exc)
                    self.parked.append(Parked(sub.name, sub.topic, payload, repr(exc)))
            finally:
                self._queue.task_done()

    def _later(self, sub: Subscription, payload: dict[str, Any], attempt: int) -> None:
        async def requeue() -> None:
            await asyncio.sleep(self.delay_before(attempt))
            self._queue.put_nowait((sub, payload, attempt))

        task = asyncio.create_task(requeue())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait until everything published so far (and its retries) has been handled."""
        while True:
            await self._queue.join()
            if not self._tasks:
                return
            await asyncio.gather(*list(self._tasks))

    async def close(self, timeout: float = 5.0) -> None:
        """Finishes what is queued (within ``timeout``), then stops; pending retries are dropped."""
        if self._consumer is not None:
            try:
                await asyncio.wait_for(self._queue.join(), timeout)
            except TimeoutError:
                log.warning("in-process bus closed with %d events unhandled", self._queue.qsize())
        tasks = [t for t in (self._consumer, *self._tasks, *self._delayed) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._consumer = None


class RabbitBus(BaseBus):
    """Durable topic exchange, one durable queue per handler name, one delay queue per retry with a
    growing message TTL (dead-lettering back to the main queue: back-off) and a parking queue;
    publisher confirms and persistent messages. The topology uses only RabbitMQ 3.x features."""

    def __init__(self, url: str, max_attempts: int = 5, retry_delay: float = 2.0, prefix: str = "console",
                 quorum: bool = False) -> None:
        super().__init__(max_attempts=max_attempts, retry_delay=retry_delay)
        self.url = url
        self.prefix = prefix
        # Quorum queues (replicated, fsynced before the confirm) for the events, the parking, retry and delay queues:
        # named with a ".quorum" suffix, since RabbitMQ refuses to redeclare an existing classic queue as quorum; the
        # classic queue of an earlier install is unbound and consumed until empty (``_drain_classic``). The retry
        # and delay queues dead-letter at least once (``_delay_arguments``).
        self.quorum = quorum
        self._connection: Any = None
        self._channel: Any = None
        self._events: Any = None
        self._fanout: Any = None
        self._broadcast_channel: Any = None
        # One publish per loop turn carries that turn's broadcasts (see platform/batching.py).
        self._broadcasts = TurnBatcher(self._publish_broadcasts)
        self._consumers: list[tuple[Any, str]] = []
        self._delay_queues: set[str] = set()
        self._declared: set[str] = set()  # retry and parking queues declared on this connection
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def queue_name(self, name: str) -> str:
        return f"{self.prefix}.{name}.quorum" if self.quorum else f"{self.prefix}.{name}"

    def _durable_arguments(self) -> dict[str, Any] | None:
        return {"x-queue-type": "quorum"} if self.quorum else None

    def _delay_arguments(self, ttl_ms: int, dlx: str, routing_key: str) -> dict[str, Any]:
        """A queue whose messages wait ``ttl_ms`` and are then dead-lettered to ``dlx`` with ``routing_key`` (the
        retry and delay queues). A classic queue dead-letters at most once: a message expiring while its target
        quorum queue is not back after a broker restart is dropped. A quorum queue with the at-least-once
        strategy keeps it until the target has confirmed it; that strategy needs ``x-overflow: reject-publish``."""
        arguments: dict[str, Any] = {"x-message-ttl": ttl_ms, "x-dead-letter-exchange": dlx,
                                     "x-dead-letter-routing-key": routing_key}
        if self.quorum:
            arguments |= {"x-queue-type": "quorum", "x-dead-letter-strategy": "at-least-once",
                          "x-overflow": "reject-publish"}
        return arguments

    async def start(self, consume: bool = True) -> None:
        import aio_pika

        self._connection = await aio_pika.connect_robust(self.url)
        self._channel = await self._connection.channel(publisher_confirms=True)
        await self._channel.set_qos(prefetch_count=16)
        self._events = await self._channel.declare_exchange(
            f"{self.prefix}.events", aio_pika.ExchangeType.TOPIC, durable=True
        )
        # Broadcasts are live notices (cache invalidation, chat delivery) to the processes up now: their own
        # channel, no confirms, no acks, so a busy node never queues behind RabbitMQ round trips.
        self._broadcast_channel = await self._connection.channel(publisher_confirms=False)
        self._fanout = await self._broadcast_channel.declare_exchange(
            f"{self.prefix}.broadcast", aio_pika.ExchangeType.FANOUT, durable=True
        )
        if self.broadcast_handlers:
            own = await self._broadcast_channel.declare_queue(exclusive=True, auto_delete=True)
            await own.bind(self._fanout)
            await own.consume(self._on_broadcast, no_ack=True)
        if consume:
            await self.consume()

    async def consume(self) -> None:
        """Declares each handler's queue and starts taking its messages (after ``start(consume=False)``)."""
        for sub in self.subscriptions:
            await self._declare_and_consume(sub)

    def retry_queue(self, name: str, attempt: int) -> str:
        """Named after its delay, so that a changed setting declares new queues instead of clashing; a quorum one
        ends in ".quorum" (the classic "<prefix>.<handler>.quorum.retry.<ms>ms" of before keeps its arguments)."""
        name = f"{self.prefix}.{name}.retry.{int(self.delay_before(attempt) * 1000)}ms"
        return f"{name}.quorum" if self.quorum else name

    async def declare(self, sub: Subscription) -> Any:
        """The main queue of one handler, bound to its topic. Its delay queues (one per retry) and parking
        queue are declared when a message first needs them (``_ensure_queue``): a start declares one queue
        per handler instead of six, which is most of a start on a busy broker."""
        main = self.queue_name(sub.name)
        queue = await self._channel.declare_queue(main, durable=True, arguments=self._durable_arguments())
        await queue.bind(self._events, routing_key=sub.topic)
        return queue

    async def _drain_classic(self, sub: Subscription, on_message: Any) -> None:
        """The classic queue this handler had before quorum queues: no longer bound to its topic, and its
        messages still handled (consumed with the same handler until it is empty; it is left in place, empty)."""
        probe = await self._connection.channel()
        try:
            old = await probe.declare_queue(f"{self.prefix}.{sub.name}", passive=True)
        except Exception:  # noqa: BLE001 - absent: RabbitMQ closes the probing channel
            return
        await old.unbind(self._events, routing_key=sub.topic)
        await probe.close()
        old = await self._channel.declare_queue(f"{self.prefix}.{sub.name}", passive=True)
        self._consumers.append((old, await old.consume(on_message)))

    async def _ensure_queue(self, sub: Subscription, target: str) -> None:
        """Declares a retry or parking queue of ``sub`` once per connection, before anything is sent to it
        (a message sent through the default exchange to a queue that does not exist is dropped)."""
        if target in self._declared:
            return
        main = self.queue_name(sub.name)
        arguments = self._durable_arguments() if target.endswith(".parked") else None
        for attempt in range(2, self.max_attempts + 1):
            if target == self.retry_queue(sub.name, attempt):
                arguments = self._delay_arguments(int(self.delay_before(attempt) * 1000), "", main)
        await self._channel.declare_queue(target, durable=True, arguments=arguments)
        self._declared.add(target)

    async def _declare_and_consume(self, sub: Subscription) -> None:
        queue = await self.declare(sub)

        async def on_message(message: Any) -> None:
            self._in_flight += 1
            self._idle.clear()
            try:
                await self._handle(sub, message)
            finally:
                self._in_flight -= 1
                if self._in_flight == 0:
                    self._idle.set()

        self._consumers.append((queue, await queue.consume(on_message)))
        if self.quorum:
            await self._drain_classic(sub, on_message)

    async def _handle(self, sub: Subscription, message: Any) -> None:
        import aio_pika

        attempt = int((message.headers or {}).get("x-attempts", 0)) + 1
        # A redelivery means a consumer died (or closed) holding this message: worth a line in the log.
        log.log(logging.INFO if message.redelivered else logging.DEBUG, "delivery %s to %s (redelivered=%s)",
                message.message_id, sub.name, message.redelivered)
        try:
            payload = orjson.loads(message.body)
            await sub.handler(payload)
        except Exception as exc:
            main = self.queue_name(sub.name)
            target = self.retry_queue(sub.name, attempt + 1) if attempt < self.max_attempts else f"{main}.parked"
            if target.endswith(".parked"):
                log.error("handler %s failed %d times, parked: %r", sub.name, attempt, exc)
            else:
                log.warning("handler %s failed (attempt %d), retrying: %r", sub.name, attempt, exc)
            retry = aio_pika.Message(
                body=message.body,
                headers={"x-attempts": attempt, "x-error": repr(exc)[:500], "x-topic": sub.topic},
                delivery_mode=aio_pika.DeliveryMode.PERSISTENT,
                message_id=message.message_id,
                content_type="application/json",
            )
            await self._ensure_queue(sub, target)
            # Confirmed before the original is acked: at-least-once, nothing lost in between.
            await self._channel.default_exchange.publish(retry, routing_key=target)
        await message.ack()

    async def publish(self, topic: str, payload: dict[str, Any]) -> None:
        import aio_pika

        message = aio_pika.Message(
            body=orjson.dumps(payload),
            delivery_mode=aio_pika.DeliveryMode.PERSISTENT,
            message_id=uuid.uuid4().hex,
            content_type="application/json",
        )
        await self._events.publish(message, routing_key=topic)

    def delay_queue(self, topic: str, delay_s: float) -> str:
        name = f"{self.prefix}.delay.{topic}.{int(delay_s * 1000)}ms"
        return f"{name}.quorum" if self.quorum else name

    async def publish_later(self, topic: str, payload: dict[str, Any], delay_s: float) -> None:
        import aio_pika

        name = self.delay_queue(topic, delay_s)
        if name not in self._delay_queues:
            await self._channel.declare_queue(name, durable=True, arguments=self._delay_arguments(
                int(delay_s * 1000), f"{self.prefix}.events", topic))
            self._delay_queues.add(name)
        message = aio_pika.Message(
            body=orjson.dumps(payload),
            delivery_mode=aio_pika.DeliveryMode.PERSISTENT,
            message_id=uuid.uuid4().hex,
            content_type="application/json",
        )
        await self._channel.default_exchange.publish(message, routing_key=name)

    async def broadcast(self, topic: str, payload: dict[str, Any]) -> None:
        self._broadcasts.add({"topic": topic, "payload": payload})

    async def broadcast_now(self, topic: str, payload: dict[str, Any]) -> None:
        await self._send_broadcasts([{"topic": topic, "payload": payload}])

    async def _send_broadcasts(self, batch: list[dict[str, Any]]) -> None:
        # a robust channel whose connection is gone waits for the reconnection: bounded, so that a turn's
        # broadcasts are kept for the relay instead of holding every later turn's behind them
        channel = await asyncio.wait_for(self._broadcast_channel.get_underlay_channel(), BROADCAST_WAIT)
        await channel.basic_publish(orjson.dumps(batch), exchange=self._fanout.name, routing_key="")

    async def _publish_broadcasts(self, batch: list[dict[str, Any]]) -> None:
        """A turn's broadcasts; with the broker away they are kept (``keep_unsent``) and sent again when it is back:
        a permission or a session ended meanwhile reaches the other nodes' caches then, not at their expiry."""
        try:
            await self._send_broadcasts(batch)
        except Exception as exc:
            if self.keep_unsent is None:
                raise
            log.warning("%d broadcasts not published (%s): kept for the relay", len(batch), type(exc).__name__)
            await self.keep_unsent(batch)

    async def _on_broadcast(self, message: Any) -> None:
        for item in orjson.loads(message.body):
            await self._run_broadcast(item["topic"], item["payload"])

    async def delete_topology(self) -> None:
        """Removes this prefix's exchanges and queues (tests use a prefix of their own)."""
        for sub in self.subscriptions:
            await self._channel.queue_delete(self.queue_name(sub.name))
        for name in self._declared:
            await self._channel.queue_delete(name)
        for name in self._delay_queues:
            await self._channel.queue_delete(name)
        await self._channel.exchange_delete(f"{self.prefix}.events")
        await self._broadcast_channel.exchange_delete(f"{self.prefix}.broadcast")

    async def close(self, timeout: float = 30.0) -> None:
        """Stops taking messages, lets the ones in hand finish (within ``timeout``), then disconnects;
        anything unfinished goes back to its queue unacknowledged."""
        for queue, tag in self._consumers:
            try:
                await queue.cancel(tag)
            except Exception:  # the channel may already be gone
                log.debug("could not cancel consumer %s", tag)
        self._consumers.clear()
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning("closing the bus with %d messages still in hand", self._in_flight)
        await self._broadcasts.drain()
        if self._connection is not None:
            await self._connection.close()
            self._connection = None


def make_bus(settings: Settings) -> InProcessBus | RabbitBus:
    delay = settings.bus_retry_delay_ms / 1000
    bus: InProcessBus | RabbitBus
    if settings.amqp_url:
        bus = RabbitBus(settings.amqp_url, settings.bus_max_attempts, delay, prefix=settings.bus_prefix,
                        quorum=settings.bus_quorum)
    else:
        bus = InProcessBus(max_attempts=settings.bus_max_attempts, retry_delay=delay)
    bus.settings = settings
    return bus
