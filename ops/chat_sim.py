"""Chat simulator: signs in as an app user or a shop and chats with the service desk.

    .venv/bin/python -m ops.chat_sim --core http://127.0.0.1:8010 --partner-key KEY \\
        --kind user --id 42 --name 小明 --say "你好，我的订单还没发货😀" [--image path.png] [--listen 30]

Without --partner-key it reads CONSOLE_CHAT_PARTNER_KEY, or in development the key ./ops/up generated into
var/chat_partner_key. The tests drive the same class.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
import uuid
from typing import Any

import aiohttp
import socketio

from core_api.messaging.chat.emoji import segments_of
from core_api.platform.settings import Settings


class ChatPeer:
    def __init__(self, core_url: str, token: str) -> None:
        self.core_url = core_url.rstrip("/")
        self.token = token
        self.received: list[dict[str, Any]] = []
        self.badges: list[int] = []
        self.sio = socketio.AsyncClient(reconnection=False)
        self.sio.on("message", self._on_message)
        self.sio.on("disconnect", self._on_disconnect)
        self._arrived = asyncio.Event()
        self.closed_at = 0.0  # time.time() when this client saw its connection end

    @classmethod
    async def sign_in(cls, core_url: str, partner_key: str, kind: str, peer_id: int, name: str = "",
                      avatar: str = "") -> ChatPeer:
        async with aiohttp.ClientSession() as http:
            url = f"{core_url.rstrip('/')}/api/chat/v1/peer_token"
            async with http.post(url, headers={"X-Partner-Key": partner_key},
                                 json={"kind": kind, "peerId": peer_id, "name": name, "avatar": avatar}) as r:
                body = await r.json()
        if body.get("code") != 200:
            raise RuntimeError(f"no chat token: {body}")
        return cls(core_url, body["data"]["token"])

    async def _on_message(self, data: dict[str, Any]) -> None:
        if data.get("messageType") == "badge":
            self.badges.append(data["badgeNum"])
        elif data.get("messageType") == "friend" and not data.get("self"):  # own echoes go to other devices
            self.received.append(data)
            self._arrived.set()

    async def _on_disconnect(self, *_: Any) -> None:
        self.closed_at = time.time()

    async def connect(self, last_seen_id: int | None = None) -> None:
        auth: dict[str, Any] = {"token": self.token}
        if last_seen_id is not None:
            auth["lastSeenId"] = last_seen_id
        await self.sio.connect(self.core_url, auth=auth, transports=["websocket"], socketio_path="socket.io",
                               wait_timeout=10)  # the client's default, one second, is short on a busy machine

    async def say(self, text: str, client_msg_id: str | None = None) -> dict[str, Any]:
        return await self.sio.call("message", {"messageType": "friend", "contentType": "txt",
                                               "content": segments_of(text),
                                               "clientMsgId": client_msg_id or uuid.uuid4().hex}, timeout=10)

    async def send_image(self, url: str) -> dict[str, Any]:
        return await self.sio.call("message", {"messageType": "friend", "contentType": "img",
                                               "content": [{"type": "img", "url": url}],
                                               "clientMsgId": uuid.uuid4().hex}, timeout=10)

    async def heartbeat(self) -> dict[str, Any]:
        return await self.sio.call("message", {"userUid": 1000, "toShopId": 0, "messageType": "jump",
                                               "content": {"txt": "心跳", "type": "jump"}, "contentType": "txt"},
                                   timeout=10)

    async def next_message(self, timeout: float = 5.0) -> dict[str, Any]:
        if not self.received:
            self._arrived.clear()
            await asyncio.wait_for(self._arrived.wait(), timeout)
        return self.received.pop(0)

    async def close(self) -> None:
        await self.sio.disconnect()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--core", default="http://127.0.0.1:8010")
    parser.add_argument("--partner-key", default=os.environ.get("CONSOLE_CHAT_PARTNER_KEY", ""))
    parser.add_argument("--kind", choices=["user", "shop"], default="user")
    parser.add_argument("--id", type=int, default=1)
    parser.add_argument("--name", default="模拟用户")
    parser.add_argument("--say", action="append", default=[])
    parser.add_argument("--image", action="append", default=[], help="an uploaded path like /profile/upload/…")
    parser.add_argument("--listen", type=float, default=10.0, help="seconds to print replies")
    args = parser.parse_args()
    partner_key = args.partner_key or Settings().partner_key
    peer = await ChatPeer.sign_in(args.core, partner_key, args.kind, args.id, args.name)
    await peer.connect()
    for text in args.say:
        print("sent:", (await peer.say(text))["code"])
    for url in args.image:
        print("sent image:", (await peer.send_image(url))["code"])
    loop = asyncio.get_running_loop()
    deadline = loop.time() + args.listen
    while loop.time() < deadline:
        try:
            message = await peer.next_message(timeout=max(0.1, deadline - loop.time()))
        except TimeoutError:
            break
        text = "".join(s.get("txt", "") if s["type"] == "txt" else "[图片]" for s in message["content"])
        print(f"{message['messageTime']} {message['userNickName']}: {text}")
    await peer.close()


if __name__ == "__main__":
    asyncio.run(main())
