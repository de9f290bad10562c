"""python-socketio's RabbitMQ client manager, tuned for chat fan-out between core_api nodes.

The stock manager publishes one AMQP message per emit and waits for each to be written (aiormq holds the
channel's lock until then), and its consumer takes one message at a time and acks each before the next
arrives. At 500 chat messages/s over two nodes (two emits each) that queued deliveries for seconds
(docs/performance.md). Here the emits of one event-loop turn travel as one batch ({"id", "items"}), and the
consumer takes them without acks (a node's own sockets get its emits directly, before any publish).

Through a broker restart nothing is lost between nodes: the exchange and each node's queue are durable (the
queue named after the node and gone five minutes after it), so they are back with the broker and hold what is
published before the node's consumer returns; a batch is persistent, so one the broker confirmed while a node's
consumer was already gone outlives the broker's stop; a batch is published with a confirm, and one that is not
confirmed waits in the node's backlog (in order, bounded) and is sent again when the broker is back. A node acks a
batch once its items are in its inbox, so one delivered as its channel closed comes again. A batch sent or
delivered twice is taken once: each node remembers the last batch ids it took. Every node of a deployment runs
this manager (the batch is its wire format).

The node's queue is declared and bound when the node starts (``start``), before it serves: python-socketio
starts a manager's listener at the first socket's connection, and what other nodes published before that
listener had bound the queue went nowhere, so a socket on a node just started (or restarted) could miss the other
nodes' messages of its first moments (on a busy broker, seconds of them).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import uuid
from typing import Any

import aio_pika
import aiormq
import socketio

from core_api.platform.batching import TurnBatcher

log = logging.getLogger("console.chat.fanout")

RETRY_MAX = 5  # seconds between a lost consumer's attempts: what it missed waits in its durable queue
BIND_TIMEOUT = 60  # seconds a starting node waits for its queue to be bound before it refuses to start
BATCH_MAX = 500
BACKLOG_MAX = 100_000  # emits kept while the broker is away (about eight minutes at 200 messages a second)
SEEN_MAX = 4096  # batch ids a node remembers
QUEUE_EXPIRES_MS = 300_000
CONFIRM_WAIT = 2.0  # seconds an emit waits for its batch's confirm before it returns anyway
PREFETCH = 1000  # batches delivered to a node and not yet acked
# Persistent: a transient batch the broker confirmed into a node's queue while that node's consumer was gone died
# with the broker's stop (the fault test: six messages, sent as RabbitMQ's stop_app closed the connections). A
# persistent one delivered at once is acked before it is written, so it costs nothing while the nodes listen.
PERSISTENT = aiormq.spec.Basic.Properties(delivery_mode=2, content_type="application/json")


class ChatFanoutManager(socketio.AsyncAioPikaManager):  # type: ignore[misc]
    publisher_connection: Any  # set by the untyped base class
    publisher_channel: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._batcher = TurnBatcher(self._publish_batch, BATCH_MAX)
        self._backlog: collections.deque[dict[str, Any]] = collections.deque()
        self._backlog_items = 0
        self._resending: asyncio.Task[None] | None = None
        self._seen: collections.OrderedDict[str, None] = collections.OrderedDict()
        self._tried: set[str] = set()  # kept batches whose sending was tried (they may have reached the broker)
        self._inbox: list[Any] = []  # items received and not yet handed to the sockets
        self._arrived = asyncio.Event()
        self._bound = asyncio.Event()  # this node's queue is bound: it hears every emit published from now on

    async def start(self, server: socketio.AsyncServer) -> None:
        """Starts the listener now instead of at the first socket's connection, and waits until this node's
        queue is bound to the exchange: a socket can connect only after that, so it hears what the other nodes
        emit from its connection on."""
        if not server.manager_initialized:
            server.manager_initialized = True
            self.initialize()
        try:
            await asyncio.wait_for(self._bound.wait(), BIND_TIMEOUT)
        except TimeoutError:
            raise RuntimeError(f"chat fan-out: the queue {self.channel}.{self.host_id} was not bound within "
                               f"{BIND_TIMEOUT} s (is RabbitMQ up?)") from None

    async def stop(self) -> None:
        thread = getattr(self, "thread", None)
        if thread is not None and not thread.done():
            thread.cancel()
            await asyncio.gather(thread, return_exceptions=True)

    async def _channel(self, connection: Any) -> Any:
        return await connection.channel(publisher_confirms=True)

    async def _exchange(self, channel: Any) -> Any:
        # auto-delete: gone with the last node's queue (five minutes after it), so test prefixes leave nothing behind
        return await channel.declare_exchange(self.channel, aio_pika.ExchangeType.FANOUT, durable=True,
                                              auto_delete=True)

    async def _queue(self, channel: Any, exchange: Any) -> Any:
        queue = await channel.declare_queue(f"{self.channel}.{self.host_id}", durable=True,
                                            arguments={"x-expires": QUEUE_EXPIRES_MS})
        await queue.bind(exchange)
        return queue

    async def _publish(self, data: Any) -> None:
        # The emit returns once its batch is confirmed by the broker (or kept while the broker is away): a chat
        # message is answered only then, so a node killed after its answer has already passed it on. Returning at
        # once, a node killed within that turn took the message's delivery to the other nodes with it (the fault
        # test: two of 26,050 deliveries, sent 0.24 s before the kill).
        # While the broker is away the batch waits to be sent again (the backlog): the emit then returns after
        # CONFIRM_WAIT, its message stored and its batch kept, rather than hold the sender for the whole outage.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._batcher.add(data)), CONFIRM_WAIT)

    async def _publish_batch(self, items: list[Any]) -> None:
        batch: dict[str, Any] = {"id": uuid.uuid4().hex, "items": items}
        if self._backlog:  # the broker is away: after what waits, in order
            self._keep(batch)
            return
        try:
            await self._send(batch)
        except Exception as exc:  # noqa: BLE001 - any failure of the broker's: kept and sent again
            log.warning("chat fan-out: the broker is away (%r); keeping emits until it is back", exc)
            self._tried.add(batch["id"])
            self._keep(batch)

    async def _send(self, batch: dict[str, Any]) -> None:
        if self.publisher_connection is None:
            async with self._lock:
                if self.publisher_connection is None:
                    self.publisher_connection = await self._connection()
                    self.publisher_channel = await self._channel(self.publisher_connection)
                    self.publisher_exchange = await self._exchange(self.publisher_channel)
        channel = await self.publisher_channel.get_underlay_channel()
        confirm = await channel.basic_publish(self.json.dumps(batch).encode(), exchange=self.channel,
                                              routing_key="*", properties=PERSISTENT)
        if not isinstance(confirm, aiormq.spec.Basic.Ack):
            raise RuntimeError(f"the broker did not take the batch: {confirm!r}")

    def _keep(self, batch: dict[str, Any]) -> None:
        self._backlog.append(batch)
        self._backlog_items += len(batch["items"])
        while self._backlog_items > BACKLOG_MAX:
            dropped = self._backlog.popleft()
            self._backlog_items -= len(dropped["items"])
            self._tried.discard(dropped["id"])
            log.error("chat fan-out: the broker has been away too long; %d emits dropped (their messages are "
                      "stored, sockets find them on reconnect)", len(dropped["items"]))
        if self._resending is None or self._resending.done():
            self._resending = asyncio.get_running_loop().create_task(self._resend())

    async def _resend(self) -> None:
        while self._backlog:
            self._merge_backlog()
            batch = self._backlog[0]
            try:
                await self._send(batch)
            except Exception:  # noqa: BLE001 - still away
                _unless_stopping()
                self._tried.add(batch["id"])
                await asyncio.sleep(0.5)
                continue
            self._tried.discard(batch["id"])
            self._backlog_items -= len(self._backlog.popleft()["items"])
        log.info("chat fan-out: the broker is back; the kept emits are sent")

    def _merge_backlog(self) -> None:
        """The first kept batches as one of up to BATCH_MAX items, in order, unless the first was tried already:
        kept batches are one event-loop turn's emits each (hundreds a second), and sent one by one, each waiting
        for its confirm, the emits of ten seconds away took twenty more to go out. A batch that was tried may have
        reached the other nodes (its confirm lost): it goes again as it was, so that its id still names the same
        items and a node that took it skips it whole."""
        first = self._backlog[0]
        if first["id"] in self._tried:
            return
        while len(self._backlog) > 1 and len(first["items"]) + len(self._backlog[1]["items"]) <= BATCH_MAX:
            first["items"].extend(self._backlog[1]["items"])
            del self._backlog[1]

    def _first_time(self, batch_id: str) -> bool:
        if batch_id in self._seen:
            return False
        self._seen[batch_id] = None
        if len(self._seen) > SEEN_MAX:
            self._seen.popitem(last=False)
        return True

    async def _thread(self) -> None:
        """Hands what arrived to this node's sockets, everything that waits at once: taken a batch at a time, each
        batch waited for turns of a busy node's event loop behind every request it served, and at 300 emits a
        second a node fell ten to twenty seconds behind the other (the fault test). Started together, the items
        still reach each socket in order: each emit's first step, taken in turn, queues its packet on the socket."""
        receiving = asyncio.get_running_loop().create_task(self._receive())
        try:
            while True:
                await self._arrived.wait()
                self._arrived.clear()
                items, self._inbox = self._inbox, []
                await asyncio.gather(*(self._handle_item(item) for item in items))
        finally:
            receiving.cancel()
            await asyncio.gather(receiving, return_exceptions=True)

    async def _handle_item(self, data: Any) -> None:
        """python-socketio's own dispatch of one pub/sub message (AsyncPubSubManager._thread)."""
        if not isinstance(data, dict) or "method" not in data:
            return
        try:
            if data["method"] == "callback":
                await self._handle_callback(data)
            elif data.get("host_id") != self.host_id:
                handler = {"emit": self._handle_emit, "disconnect": self._handle_disconnect,
                           "enter_room": self._handle_enter_room, "leave_room": self._handle_leave_room,
                           "close_room": self._handle_close_room}.get(data["method"])
                if handler is not None:
                    await handler(data)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - one bad message does not stop the others
            self.server.logger.exception("chat fan-out: handling %s failed", data.get("method"))

    async def _receive(self) -> None:
        """Puts the items of each batch the nodes published (this node's own too, which _handle_item skips) in the
        inbox, each batch once. A connection of its own, not a robust one: when the broker closes it, this consumer
        ends and the loop opens the next (the batches it did not ack are delivered again)."""
        wait = 1
        while True:
            try:
                async with await aio_pika.connect(self.url) as connection:
                    channel = await connection.channel(publisher_confirms=False)
                    await channel.set_qos(prefetch_count=PREFETCH)
                    exchange = await self._exchange(channel)
                    queue = await self._queue(channel, exchange)
                    await queue.consume(self._take)
                    self._bound.set()
                    log.info("chat fan-out: queue %s.%s bound", self.channel, self.host_id)
                    wait = 1
                    await channel.closed()
                    raise ConnectionError("the broker closed the chat fan-out's channel")
            except Exception:  # the broker went away (a restart closes the channel too): back when it is
                _unless_stopping()
                self._get_logger().exception("chat fan-out: RabbitMQ consumer lost, retrying in %s s", wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX)

    async def _take(self, message: aio_pika.abc.AbstractIncomingMessage) -> None:
        """One delivered batch into the inbox, then its ack. Taken without acks, a batch the broker had sent but
        this node had not yet taken when the channel closed (stop_app) was gone: aio-pika drops what waits for a
        consumer whose channel closes. Deliveries are taken in the order they arrived (one task each, started in
        turn, none waits before its batch is in the inbox)."""
        try:
            batch = self.json.loads(message.body)
        except ValueError:
            batch = None
        if isinstance(batch, dict) and self._first_time(str(batch.get("id"))):
            self._inbox.extend(batch.get("items") or ())
            self._arrived.set()
        with contextlib.suppress(Exception):  # the channel closed first: the broker delivers it again, seen once
            await message.ack()


def _unless_stopping() -> None:
    """The node is stopping (its task cancelled), whatever aio-pika turned the cancellation into: no retry."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError()
