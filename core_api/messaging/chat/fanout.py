"""python-socketio's RabbitMQ client manager, tuned for chat fan-out between core_api nodes.

The stock manager publishes one AMQP message per emit and waits for each to be written (aiormq holds the
channel's lock until then), and its consumer takes one message at a time and acks each before the next
arrives. At 500 chat messages/s over two nodes (two emits each) that queued deliveries for seconds
(docs/performance.md). Here the emits of one event-loop turn travel as one batch, published without
confirms and consumed without acks: these are live notifications on a queue that is not durable and goes
with its node, and the messages themselves are in the database, where a socket that missed one finds it
on reconnect. Every node of a deployment runs this manager (the batch is its wire format).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aio_pika
import aiormq
import socketio

from core_api.platform.batching import TurnBatcher

RETRY_MAX = 60
BATCH_MAX = 500
TRANSIENT = aiormq.spec.Basic.Properties(delivery_mode=1, content_type="application/json")


class ChatFanoutManager(socketio.AsyncAioPikaManager):  # type: ignore[misc]
    publisher_connection: Any  # set by the untyped base class
    publisher_channel: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._batcher = TurnBatcher(self._publish_batch, BATCH_MAX)

    async def _channel(self, connection: Any) -> Any:
        return await connection.channel(publisher_confirms=False)

    async def _publish(self, data: Any) -> None:
        self._batcher.add(data)

    async def _publish_batch(self, batch: list[Any]) -> None:
        if self.publisher_connection is None:
            async with self._lock:
                if self.publisher_connection is None:
                    self.publisher_connection = await self._connection()
                    self.publisher_channel = await self._channel(self.publisher_connection)
                    self.publisher_exchange = await self._exchange(self.publisher_channel)
        channel = await self.publisher_channel.get_underlay_channel()
        await channel.basic_publish(self.json.dumps(batch).encode(), exchange=self.channel, routing_key="*",
                                    properties=TRANSIENT)

    async def _listen(self) -> AsyncIterator[Any]:
        wait = 1
        while True:
            try:
                async with await self._connection() as connection:
                    channel = await self._channel(connection)
                    exchange = await self._exchange(channel)
                    queue = await self._queue(channel, exchange)
                    async with queue.iterator(no_ack=True) as messages:
                        async for message in messages:
                            wait = 1
                            batch = self.json.loads(message.body)
                            for item in batch if isinstance(batch, list) else ():
                                yield item
            except aio_pika.exceptions.ChannelInvalidStateError:
                raise asyncio.CancelledError() from None
            except Exception:
                self._get_logger().exception("chat fan-out: RabbitMQ consumer lost, retrying in %s s", wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX)
