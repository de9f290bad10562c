"""Mixed load against the topology for a given number of seconds, every request recorded.

Lanes (each an asyncio task of this process):
- ``operators``: two signed-in admin sessions listing users and goods, renaming a goods item kept for it and
  changing a parameter (``sys_config``) made for it;
- ``orders``: the partner API placing and paying orders at ``order_rate`` a second (open loop), on demo goods
  of the database, some with a claimed platform coupon, some with points; each accepted order is kept with its
  requestNo, Idempotency-Key and answer. A call whose answer was lost is sent again once, re-signed under the
  same key (docs/partner-api.md: the retry of an applied call gets the stored answer);
- ``chat``: app users' sockets on every core node, each message a unique text, heard by a staff socket on
  every core node (each staff socket must hear each message sent while it was connected, once);
- ``exports``: one background export after another (the consumers' xlsx), waited for until its file is there;
- ``jobs``: a heartbeat job seeded to fire every 2 s (misfire policy: every missed time), paused at the end.

Each request is a ``Call`` (lane, what, target URL, start, end, ok, why); the checks read them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import asyncpg
import orjson
import socketio

from core_api.messaging.chat.emoji import segments_of
from core_api.platform.partner import partner_signature
from core_api.platform.wallet import signed_headers
from ops.chat_sim import ChatPeer

ADDRESS = {"name": "张三", "phone": "13800138000", "area": "北京市朝阳区", "address": "建国路1号"}
BUYERS = range(7_290_001, 7_290_041)  # app users registered for the test (the partner API's upsert)
JOB_NAME = "故障测试心跳"
JOB_EVERY = 2  # seconds
CONFIG_KEY = "fault.test.value"
TIMEOUT = aiohttp.ClientTimeout(total=30)
RESTOCK = 20_000  # units each SKU of the load holds before it starts
HOME_AFTER = 5.0  # seconds a chat socket stays on another node before it goes back to its own
ORDERS_IN_FLIGHT = 32  # a placement due while this many are unanswered is not sent (counted): no pile-up
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclass
class Call:
    lane: str
    what: str
    target: str
    start: float  # time.time()
    end: float = 0.0
    ok: bool = False
    why: str = ""
    # a socket's call: when its client saw the connection end (0: it did not); a message written into the socket of
    # a node killed a moment before, before the client could know, was in flight on that node
    closed: float = 0.0


@dataclass
class Order:
    request_no: str
    key: str
    uid: int
    sku: int
    quantity: int
    user_coupon: int | None
    points: int
    answer: dict[str, Any]
    paid: bool = False
    placed_at: float = 0.0  # time.time() of the placement's answer


@dataclass
class Record:
    calls: list[Call] = field(default_factory=list)
    orders: list[Order] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # refusals (orders, operators)
    sent: dict[str, float] = field(default_factory=dict)  # chat text -> time its sender's ack came
    heard: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    heard_at: dict[str, dict[str, float]] = field(default_factory=lambda: defaultdict(dict))  # staff -> first heard
    # a message a socket heard twice (a fault of the server), and one a staff's next socket heard again after a
    # reconnect (its node's fan-out came after the new socket joined): the console merges that by message id
    heard_twice_on_a_socket: list[str] = field(default_factory=list)
    heard_again_after_reconnect: int = 0
    online: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))  # staff windows
    exports: list[dict[str, Any]] = field(default_factory=list)
    job: dict[str, Any] = field(default_factory=dict)
    goods: dict[str, Any] = field(default_factory=dict)
    began: float = 0.0
    ended: float = 0.0  # the last lane done (an export's file waited for)
    sent_until: float = 0.0  # the load's planned or extended end: orders and chat were sent until then
    orders_due: int = 0
    orders_held: int = 0  # due while ORDERS_IN_FLIGHT were unanswered

    def in_flight(self) -> list[Call]:
        return [c for c in self.calls if not c.end]


class Traffic:
    def __init__(self, proxy_url: str, core_urls: list[str], primary_url: str, partner_key: str,
                 wallet_key: str = "", order_rate: float = 50, chat_rate: float = 200, peers: int = 40) -> None:
        self.proxy = proxy_url.rstrip("/")
        self.cores = [u.rstrip("/") for u in core_urls]
        self.primary = primary_url
        self.key = partner_key
        self.wallet_key = wallet_key
        self.order_rate, self.chat_rate, self.peers = order_rate, chat_rate, peers
        self.rec = Record()
        self.http: aiohttp.ClientSession | None = None
        self.tokens: list[str] = []
        self.stop_at = 0.0
        # False while faults are under way: the load goes on past stop_at until they are over (faults_over)
        self.faults_done = True
        self.export_running = asyncio.Event()  # set while an export is being written (a worker to kill)

    # ---- requests, each one recorded

    async def request(self, lane: str, what: str, method: str, url: str, **kw: Any) -> dict[str, Any] | None:
        """The envelope, or None when no answer came (a connection error, a timeout, a 5xx of the proxy)."""
        assert self.http is not None
        call = Call(lane, what, url.split("/", 3)[2] if "://" in url else url, time.time())
        self.rec.calls.append(call)
        try:
            async with self.http.request(method, url, timeout=TIMEOUT, **kw) as r:
                if r.status >= 500 and r.content_type != "application/json":
                    call.why = f"HTTP {r.status}"
                    return None
                body = await r.json(content_type=None) if r.content_type != XLSX else {"code": 200, "xlsx": True,
                                                                                   "size": len(await r.read())}
        except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
            call.why = type(exc).__name__
            return None
        finally:
            call.end = time.time()
        if isinstance(body, dict) and body.get("code") == 500:  # 系统内部错误: a failure, never a refusal
            call.why = f"code 500: {str(body.get('msg'))[:60]}"
            return body
        call.ok = True
        return body if isinstance(body, dict) else {"code": 200, "data": body}

    def _partner_headers(self, path: str, raw: bytes, key: str) -> dict[str, str]:
        ts = str(int(time.time()))
        return {"Content-Type": "application/json", "X-Partner-Timestamp": ts, "Idempotency-Key": key,
                "X-Partner-Signature": partner_signature(self.key, ts, "POST", path, raw, key)}

    async def partner(self, what: str, path: str, record: dict[str, Any], key: str | None = None,
                      retry: bool = True) -> dict[str, Any] | None:
        """A signed partner call; when its answer is lost, or the first call under its key is still being
        handled (409 正在处理), it is sent again under the same key, re-signed, a few times."""
        key = key or uuid.uuid4().hex
        raw = orjson.dumps(record)
        out = None
        for _ in range(5 if retry else 1):
            out = await self.request("orders", what, "POST", self.proxy + path, data=raw,
                                     headers=self._partner_headers(path, raw, key))
            if out is not None and not (out.get("code") == 409 and "正在处理" in str(out.get("msg"))):
                return out
            await asyncio.sleep(1)
        return out

    def admin(self, i: int = 0) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[i % len(self.tokens)]}"}

    # ---- setup

    async def setup(self) -> None:
        self.http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=256))
        for _ in range(2):
            body = await self.request("setup", "login", "POST", self.proxy + "/login",
                                      json={"username": "admin", "password": "admin123"})
            if not body or body.get("code") != 200:
                raise RuntimeError(f"the admin cannot sign in: {body}")
            self.tokens.append(body["token"])
        for uid in BUYERS:
            out = await self.partner("setup", "/api/partner/v1/consumers", {"uid": uid, "nickName": f"压测{uid}"})
            assert out and out["code"] == 200, out
            out = await self.partner("setup", "/api/partner/v1/points/credit",
                                     {"uid": uid, "points": 100_000, "bizNo": f"fault-{uid}-{uuid.uuid4().hex[:8]}"})
            assert out and out["code"] == 200, out
        await self._pick_goods()
        await self._claim_coupons()
        await self._seed_config_and_job()

    async def _pick_goods(self) -> None:
        conn = await asyncpg.connect(self.primary)
        try:
            skus = await conn.fetch(
                "SELECT s.id, s.shop_id, s.goods_id, s.price_fen, s.stock FROM mall_sku s "
                "JOIN mall_goods g ON g.id = s.goods_id JOIN mall_shop sh ON sh.id = s.shop_id "
                "WHERE g.review = 'approved' AND g.shelf = '1' AND sh.shelf = '1' AND s.stock >= 50 "
                "AND s.price_fen BETWEEN 200 AND 200000 ORDER BY s.stock DESC, s.id LIMIT 20")
            if not skus:
                raise RuntimeError("no demo goods on shelf with stock: run `python -m core_api demo` first")
            # restocked, as a warehouse would be before a sale: the demo's few hundred units would run out in
            # seconds at 50 checkouts a second, and the load would measure refusals instead of orders
            skus = await conn.fetch("UPDATE mall_sku SET stock = GREATEST(stock, $2) WHERE id = ANY($1) "
                                    "RETURNING id, shop_id, goods_id, price_fen, stock",
                                    [r["id"] for r in skus], RESTOCK)
            used = {r["goods_id"] for r in skus}
            spare = await conn.fetchrow("SELECT id, category_id, name FROM mall_goods WHERE NOT (id = ANY($1)) "
                                        "ORDER BY id LIMIT 1", list(used))
            coupons = await conn.fetch(  # the platform's coupons without a threshold that every buyer can claim
                "SELECT id, amount_fen FROM mall_coupon WHERE shelf = '1' AND kind = 'amount' AND scope = 'all' "
                "AND shop_id = 0 AND threshold_fen = 0 AND issued + $1 <= total AND per_user >= 1 "
                "AND (claim_start IS NULL OR claim_start <= now()) AND (claim_end IS NULL OR claim_end > now()) "
                "AND (valid_end IS NULL OR valid_end > now() + interval '1 day') ORDER BY id LIMIT 2", len(BUYERS))
        finally:
            await conn.close()
        self.rec.goods = {"skus": [dict(r) for r in skus], "spare": dict(spare) if spare else None,
                          "coupons": [dict(r) for r in coupons], "user_coupons": {}}

    async def _claim_coupons(self) -> None:
        claimed: dict[int, list[int]] = defaultdict(list)  # uid -> the user coupons it claimed
        for c in self.rec.goods["coupons"]:
            for uid in BUYERS:
                out = await self.partner("setup", "/api/partner/v1/coupons/claim", {"uid": uid, "couponId": c["id"]})
                if out and out.get("code") == 200:
                    claimed[uid].append(out["data"]["id"])
        self.coupons = claimed
        self.rec.goods["user_coupons"] = sum(map(len, claimed.values()))

    async def _seed_config_and_job(self) -> None:
        p = self.proxy
        found = await self.request("setup", "config", "GET", p + "/system/config/list", headers=self.admin(),
                                   params={"configKey": CONFIG_KEY})
        rows = (found or {}).get("rows") or []
        if not rows:
            body = {"configName": "故障测试参数", "configKey": CONFIG_KEY, "configValue": "0", "configType": "N"}
            out = await self.request("setup", "config", "POST", p + "/system/config", headers=self.admin(), json=body)
            assert out and out["code"] == 200, out
            found = await self.request("setup", "config", "GET", p + "/system/config/list", headers=self.admin(),
                                       params={"configKey": CONFIG_KEY})
            rows = (found or {}).get("rows") or []
        self.config = rows[0]
        job = {"jobName": JOB_NAME, "jobGroup": "DEFAULT", "invokeTarget": "heartbeat", "jobParams": {},
               "cronExpression": f"0/{JOB_EVERY} * * * * ?", "misfirePolicy": "1", "concurrent": "1", "status": "0"}
        out = await self.request("setup", "job", "POST", p + "/monitor/job", headers=self.admin(), json=job)
        assert out and out["code"] == 200, out
        listed = await self.request("setup", "job", "GET", p + "/monitor/job/list", headers=self.admin(),
                                    params={"jobName": JOB_NAME})
        self.rec.job = {"id": (listed or {})["rows"][0]["jobId"], "every": JOB_EVERY, "from": time.time()}

    # ---- the run

    async def run(self, seconds: float) -> Record:
        if self.http is None:
            await self.setup()
        self.rec.began = time.time()
        self.stop_at = self.rec.began + seconds
        progress = asyncio.create_task(self.progress())
        await asyncio.gather(self.operators(0), self.operators(1), self.orders(), self.chat(), self.exports())
        self.rec.ended, self.rec.sent_until = time.time(), min(self.stop_at, time.time())
        progress.cancel()
        out = await self.request("setup", "job", "PUT", self.proxy + "/monitor/job/changeStatus",
                                 headers=self.admin(), json={"jobId": self.rec.job["id"], "status": "1"})
        self.rec.job["until"] = time.time() if out and out.get("code") == 200 else 0
        return self.rec

    async def progress(self, every: float = 10) -> None:
        """A line every ``every`` seconds: each lane's requests ok / failed / in flight."""
        while True:
            await asyncio.sleep(every)
            lanes: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
            for c in self.rec.calls:
                lanes[c.lane][0 if c.ok else 2 if not c.end else 1] += 1
            print(f"{time.time() - self.rec.began:5.0f} s  " + "  ".join(
                f"{lane} {ok}/{bad}/{busy}" for lane, (ok, bad, busy) in sorted(lanes.items())), flush=True)

    def running(self) -> bool:
        return time.time() < self.stop_at or not self.faults_done

    def faults_begin(self) -> None:
        """The load runs on, past its planned end, until faults_over: on a slow machine the last fault can end
        after it (RabbitMQ's restart took 23 s on one), and the service's answers after it must be measured."""
        self.faults_done = False

    def faults_over(self, after: float) -> None:
        """The load runs at least ``after`` seconds more, then stops at its planned end or now, the later."""
        self.stop_at = max(self.stop_at, time.time() + after)
        self.faults_done = True

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()

    async def operator(self, what: str, method: str, url: str, **kw: Any) -> None:
        """An operator's call; an answer that is not code 200 is counted as a refusal (by its message)."""
        out = await self.request("operators", what, method, url, **kw)
        if out is not None and out.get("code") != 200:
            self.rec.refused[f"{what}: {str(out.get('msg'))[:40]}"] += 1

    async def operators(self, i: int) -> None:
        p, n = self.proxy, 0
        spare = self.rec.goods.get("spare")
        while self.running():
            n += 1
            h = self.admin(i)
            await self.operator("user list", "GET", p + "/system/user/list", headers=h,
                               params={"pageNum": "1", "pageSize": "10"})
            await self.operator("goods list", "GET", p + "/admin/mall/shop/goods/list_data", headers=h)
            if n % 4 == 0 and spare and i == 0:
                await self.operator("goods edit", "POST", p + "/admin/mall/shop/goods/add_edit",
                                   headers=h, json={"id": spare["id"], "categoryId": spare["category_id"],
                                                    "name": f"{spare['name'][:40]}·{n}"})
            if n % 4 == 2 and i == 1:
                body = {k: self.config[k] for k in ("configId", "configName", "configKey", "configType")}
                await self.operator("config edit", "PUT", p + "/system/config", headers=h,
                                   json={**body, "configValue": str(n)})
            await asyncio.sleep(0.2)

    async def orders(self) -> None:
        """Open loop at ``order_rate``, bounded: at most ORDERS_IN_FLIGHT checkouts unanswered at once."""
        began, i, tasks = time.time(), 0, set[asyncio.Task[None]]()
        while self.running():
            delay = began + i / self.order_rate - time.time()
            if delay > 0:
                await asyncio.sleep(delay)
            self.rec.orders_due += 1
            if len(tasks) >= ORDERS_IN_FLIGHT:
                self.rec.orders_held += 1
            else:
                task = asyncio.create_task(self.one_order(i))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            i += 1
        await asyncio.gather(*tasks)

    async def one_order(self, i: int) -> None:
        skus, uid = self.rec.goods["skus"], BUYERS[i % len(BUYERS)]
        sku = skus[i % len(skus)]
        part: dict[str, Any] = {"shopId": sku["shop_id"], "delivery": "express",
                                "items": [{"skuId": sku["id"], "quantity": 1}]}
        mine = self.coupons.get(uid)
        coupon = mine.pop() if mine and i % 3 == 0 else None
        points = 100 if i % 4 == 1 else 0
        request_no, key = f"fx{uuid.uuid4().hex}", uuid.uuid4().hex
        record: dict[str, Any] = {"requestNo": request_no, "uid": uid, "address": ADDRESS, "shops": [part]}
        if coupon:
            record["platformUserCouponId"] = coupon
        if points:
            record["points"] = points
        out = await self.partner("place", "/api/partner/v1/orders/place", record, key)
        if out is None:
            return
        if out.get("code") != 200:
            self.rec.refused[str(out.get("msg"))[:40]] += 1
            # Refused: the coupon is not used, another order may take it. Still "in progress" after the retries (the
            # node that took the first attempt died between the order's commit and storing its answer): the order
            # may exist, so its coupon is not offered again.
            if coupon and mine is not None and out.get("code") != 409:
                mine.append(coupon)
            return
        order = Order(request_no, key, uid, sku["id"], 1, coupon, points, out["data"], placed_at=time.time())
        self.rec.orders.append(order)
        pay = await self.partner("pay", "/api/partner/v1/orders/pay", {"uid": uid, "orderNo": out["data"]["orderNo"]})
        if not pay or pay.get("code") != 200:
            return
        if pay["data"].get("paid"):
            order.paid = True
        elif self.wallet_key:
            path = "/api/open/v1/wallet/local/notify"
            raw = orjson.dumps({"outTradeNo": pay["data"]["outTradeNo"], "tradeNo": f"T{request_no}",
                                "amountFen": pay["data"]["payFen"], "status": "PAID", "paidAt": int(time.time())})
            done = await self.request("orders", "notify", "POST", self.proxy + path, data=raw,
                                      headers=signed_headers(self.wallet_key, "POST", path, raw))
            order.paid = bool(done and done.get("code") == "SUCCESS")

    async def chat(self) -> None:
        staff = [asyncio.create_task(self.staff_socket(j)) for j in range(len(self.cores))]
        await asyncio.sleep(1)  # the staff sockets are up before the first message
        await asyncio.gather(*(self.chat_peer(j) for j in range(self.peers)))
        await asyncio.sleep(3)  # the last messages arrive
        for task in staff:
            task.cancel()
        await asyncio.gather(*staff, return_exceptions=True)

    async def staff_socket(self, j: int) -> None:
        """A staff socket on core node j, on another node while j is away, and back on j HOME_AFTER seconds later."""
        name = f"staff{j}"
        info = await self.request("chat", "getInfo", "GET", self.proxy + "/getInfo", headers=self.admin(j))
        token = (info or {})["user"]["token"]
        attempt = 0
        while True:
            sio = socketio.AsyncClient(reconnection=False)
            heard = self.rec.heard[name]
            on_this: set[str] = set()  # what this socket heard

            def on_message(data: dict[str, Any], heard: dict[str, int] = heard, on_this: set[str] = on_this) -> None:
                if data.get("messageType") == "friend" and not data.get("self"):
                    text = "".join(s.get("txt", "") for s in data.get("content") or [] if s.get("type") == "txt")
                    if text in on_this:
                        self.rec.heard_twice_on_a_socket.append(text)
                    elif heard[text]:
                        self.rec.heard_again_after_reconnect += 1
                    on_this.add(text)
                    heard[text] += 1
                    self.rec.heard_at[name].setdefault(text, time.time())

            gone = asyncio.Event()
            sio.on("message", on_message)
            sio.on("disconnect", lambda *_, gone=gone: gone.set())
            url = self.cores[(j + attempt) % len(self.cores)]
            try:
                await sio.connect(url, auth={"token": token}, transports=["websocket"], socketio_path="socket.io")
                since = time.time()
                try:
                    if url == self.cores[j % len(self.cores)]:
                        await gone.wait()
                    else:  # away from its node: back to it once it may be up again (chat between nodes again)
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(gone.wait(), HOME_AFTER)
                        attempt = 0
                finally:
                    self.rec.online[name].append((since, time.time()))
                    await sio.disconnect()
            except socketio.exceptions.ConnectionError:
                attempt += 1
                await asyncio.sleep(0.5)

    async def chat_peer(self, j: int) -> None:
        uid = 7_280_001 + j
        peer: ChatPeer | None = None
        rate = self.chat_rate / self.peers
        began, n, tries, joined = time.time(), 0, 0, 0.0
        home = self.cores[j % len(self.cores)]
        while self.running():
            if peer is not None and peer.core_url != home and time.time() - joined > HOME_AFTER:
                tries = 0  # away from its node: back to it once it may be up again (chat between nodes again)
                with contextlib.suppress(Exception):
                    await peer.close()
                peer = None
            if peer is None or not peer.sio.connected:
                if peer is not None:
                    with contextlib.suppress(Exception):
                        await peer.close()  # its client's HTTP session goes with it
                    peer = None
                url = self.cores[(j + tries) % len(self.cores)]  # its own node, else the next; token by the proxy
                got = await self.request("chat", "peer token", "POST", self.proxy + "/api/chat/v1/peer_token",
                                         headers={"X-Partner-Key": self.key},
                                         json={"kind": "user", "peerId": uid, "name": f"压测{j}", "avatar": ""})
                try:
                    if not got or got.get("code") != 200:
                        raise ConnectionError(str(got))
                    peer = ChatPeer(url, got["data"]["token"])
                    await peer.connect()
                    joined = time.time()
                except (ConnectionError, socketio.exceptions.ConnectionError):
                    n += 1
                    tries += 1
                    await asyncio.sleep(0.5)
                    continue
            n += 1
            delay = began + n / rate - time.time()
            if delay > 0:
                await asyncio.sleep(delay)
            if not peer.sio.connected:  # its socket ended during the wait: a client sends nothing into a closed one
                n -= 1
                continue
            text = f"fx-{j}-{n}-{uuid.uuid4().hex[:6]}"
            call = Call("chat", "say", peer.core_url.split("/", 3)[2], time.time())
            self.rec.calls.append(call)
            try:
                ack = await peer.sio.call("message", {"messageType": "friend", "contentType": "txt",
                                                      "content": segments_of(text), "clientMsgId": text}, timeout=10)
                call.ok = ack.get("code") == 200
                call.why = "" if call.ok else str(ack.get("msg"))
            except (socketio.exceptions.TimeoutError, socketio.exceptions.BadNamespaceError,
                    socketio.exceptions.DisconnectedError) as exc:
                call.why = type(exc).__name__
            call.end = time.time()
            if not call.ok and peer.closed_at:
                call.closed = peer.closed_at
            if call.ok:
                self.rec.sent[text] = call.start
        if peer is not None and peer.sio.connected:
            await peer.close()

    async def exports(self) -> None:
        p = self.proxy
        while self.running():
            started = await self.request("exports", "start", "POST", p + "/admin/AccountUserConsumer/download_data",
                                         headers=self.admin(), json={})
            if not started or started.get("code") != 200:
                await asyncio.sleep(1)
                continue
            job = {"id": started["data"]["jobId"], "start": time.time(), "status": "queued", "file": 0}
            self.rec.exports.append(job)
            while time.time() < self.stop_at + 20:
                progress = await self.request("exports", "progress", "GET", p + f"/admin/exports/{job['id']}",
                                              headers=self.admin())
                if progress and progress.get("code") == 200:
                    job["status"] = progress["data"]["status"]
                    if job["status"] == "running":
                        self.export_running.set()
                    else:
                        self.export_running.clear()
                    if job["status"] not in ("queued", "running"):
                        break
                await asyncio.sleep(0.3)
            job["end"] = time.time()
            for _ in range(3 if job["status"] == "done" else 0):
                got = await self.request("exports", "download", "GET", p + f"/admin/exports/{job['id']}/download",
                                         headers=self.admin())
                job["file"] = (got or {}).get("size", 0)
                if job["file"]:
                    break
                await asyncio.sleep(1)

