"""The partner API: HMAC-signed, idempotent by Idempotency-Key, writes consumers and their sign-ins."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import orjson
import pytest
from yarl import URL

from core_api.account.consumer.models import AccountConsumer, AccountSignIn
from core_api.platform.models import PartnerRequest
from core_api.platform.partner import partner_signature

KEY = "partner-key-" + "k" * 24


async def partner_post(client, path: str, body: Any, *, key: str = KEY, idem: str | None = None,
                       timestamp: int | None = None, signature: str | None = None,
                       raw: bytes | None = None) -> tuple[dict, Any]:
    data = raw if raw is not None else orjson.dumps(body)
    ts = str(int(time.time()) if timestamp is None else timestamp)
    idem = idem or uuid.uuid4().hex
    headers = {"Content-Type": "application/json", "X-Partner-Timestamp": ts, "Idempotency-Key": idem,
               "X-Partner-Signature": signature or partner_signature(key, ts, "POST", path, data, idem)}
    response = await client.post(path, data=data, headers=headers)
    return await response.json(), response


async def register(client, uid: int, **fields: Any) -> dict:
    body, _ = await partner_post(client, "/api/partner/v1/consumers", {"uid": uid, **fields})
    assert body["code"] == 200, body
    return body["data"]


async def test_signature_is_required_and_checked(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    path = "/api/partner/v1/consumers"
    body = {"uid": 501, "nickName": "阿强"}
    wrong, _ = await partner_post(client, path, body, key="another-key-" + "x" * 20)
    assert wrong == {"code": 401, "msg": "签名不正确"}
    stale, _ = await partner_post(client, path, body, timestamp=int(time.time()) - 301)
    assert stale == {"code": 401, "msg": "签名时间戳已过期或格式不正确"}
    future, _ = await partner_post(client, path, body, timestamp=int(time.time()) + 400)
    assert future["code"] == 401
    missing = await client.post(path, json=body, headers={"Idempotency-Key": "k-1"})
    assert await missing.json() == {"code": 401, "msg": "认证失败，无法访问系统资源"}
    # The old raw key header is no signature for the new API.
    old_style = await client.post(path, json=body, headers={"X-Partner-Key": KEY, "Idempotency-Key": "k-2"})
    assert (await old_style.json())["code"] == 401
    # A body changed after signing fails.
    signed_for = orjson.dumps(body)
    ts = str(int(time.time()))
    tampered = await client.post(path, data=orjson.dumps({"uid": 502}), headers={
        "Content-Type": "application/json", "X-Partner-Timestamp": ts, "Idempotency-Key": "k-3",
        "X-Partner-Signature": partner_signature(KEY, ts, "POST", path, signed_for, "k-3")})
    assert (await tampered.json())["code"] == 401
    # Hostile headers are refused like wrong ones, never an internal error.
    for hostile in ({"X-Partner-Timestamp": "\u00b2" * 3, "X-Partner-Signature": "a" * 64},
                    {"X-Partner-Timestamp": ts, "X-Partner-Signature": "\u00e9" * 64}):
        answer = await client.post(path, data=signed_for, headers={"Content-Type": "application/json",
                                                                    "Idempotency-Key": "k-4", **hostile})
        assert (await answer.json())["code"] == 401, hostile
    old_hostile = await client.post("/api/chat/v1/peer_token", json={}, headers={"X-Partner-Key": "\u00e9" * 30})
    assert (await old_hostile.json())["code"] in (401, 500) and "系统内部错误" not in (await old_hostile.json())["msg"]
    assert not await AccountConsumer.exists()
    assert not await PartnerRequest.exists()


async def test_the_signature_covers_the_query_string_as_sent(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    path = "/api/partner/v1/config/core_v2"

    async def read(target: str, signed: str) -> dict:
        ts = str(int(time.time()))
        url = URL(str(client.make_url("")).rstrip("/") + target, encoded=True)  # sent byte for byte
        headers = {"X-Partner-Timestamp": ts, "X-Partner-Signature": partner_signature(KEY, ts, "GET", signed, b"")}
        async with client.session.get(url, headers=headers) as response:
            return await response.json()

    # Signed over the bare path, a query added to it is refused: it would pick another platform's object.
    assert await read(f"{path}?platform=ios", path) == {"code": 401, "msg": "签名不正确"}
    assert await read(f"{path}?platform=ios", f"{path}?platform=android") == {"code": 401, "msg": "签名不正确"}
    served = await read(f"{path}?platform=ios", f"{path}?platform=ios")
    assert served["code"] == 200 and served["data"]["platform"] == "ios"
    # The raw query is signed, not its decoded nor a re-encoded form.
    assert (await read(f"{path}?platform=%69os", f"{path}?platform=ios"))["code"] == 401
    raw = await read(f"{path}?platform=%69os", f"{path}?platform=%69os")
    assert raw["code"] == 200 and raw["data"]["platform"] == "ios"
    assert (await read(path, path))["data"]["platform"] == "android"
    # A write too: a query appended to a signed call is refused and writes nothing.
    data = orjson.dumps({"uid": 504})
    ts = str(int(time.time()))
    answer = await client.post("/api/partner/v1/consumers?x=1", data=data, headers={
        "Content-Type": "application/json", "X-Partner-Timestamp": ts, "Idempotency-Key": "q-504",
        "X-Partner-Signature": partner_signature(KEY, ts, "POST", "/api/partner/v1/consumers", data, "q-504")})
    assert await answer.json() == {"code": 401, "msg": "签名不正确"}
    assert not await AccountConsumer.filter(uid=504).exists()


async def test_missing_idempotency_key_is_refused(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    path = "/api/partner/v1/consumers"
    data = orjson.dumps({"uid": 503})
    ts = str(int(time.time()))
    response = await client.post(path, data=data, headers={
        "Content-Type": "application/json", "X-Partner-Timestamp": ts,
        "X-Partner-Signature": partner_signature(KEY, ts, "POST", path, data)})
    assert await response.json() == {"code": 500, "msg": "请求头 Idempotency-Key 不能为空，且只能是 1-128 个可见字符"}
    assert not await AccountConsumer.exists()


async def test_register_update_and_replay(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    path = "/api/partner/v1/consumers"
    body = {"uid": 601, "nickName": "小李", "phone": "13800000601", "sex": 1, "password": "app-secret"}
    first, _ = await partner_post(client, path, body, idem="reg-601")
    assert first["code"] == 200 and first["data"]["created"] is True and first["data"]["uid"] == 601
    consumer = await AccountConsumer.get(uid=601)
    assert (consumer.nick_name, consumer.phone, consumer.sex, consumer.frozen, consumer.usable) == (
        "小李", "13800000601", "1", "0", "1")
    assert consumer.password_hash.startswith("$argon2") and len(consumer.invite_code) == 8
    # The same key and body: the stored answer, nothing applied again.
    await AccountConsumer.filter(uid=601).update(nick_name="运营改过")
    again, response = await partner_post(client, path, body, idem="reg-601")
    assert again == first and response.headers["Idempotent-Replayed"] == "true"
    assert (await AccountConsumer.get(uid=601)).nick_name == "运营改过"
    # The same key with another body: 409, nothing changed.
    other, _ = await partner_post(client, path, {**body, "nickName": "别的"}, idem="reg-601")
    assert other == {"code": 409, "msg": "幂等键已用于另一个请求，请换一个 Idempotency-Key"}
    assert (await AccountConsumer.get(uid=601)).nick_name == "运营改过"
    # A new key updates the user by uid.
    update, _ = await partner_post(client, path, {"uid": 601, "nickName": "李四"}, idem="upd-601")
    assert update["data"]["created"] is False and update["data"]["id"] == first["data"]["id"]
    assert (await AccountConsumer.get(uid=601)).nick_name == "李四"
    assert await AccountConsumer.filter(uid=601).count() == 1


async def test_bad_input_is_refused_and_releases_the_key(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    path = "/api/partner/v1/consumers"
    bad, _ = await partner_post(client, path, {"uid": 701, "frozen": "1"}, idem="bad-701")
    assert bad["code"] == 500 and "frozen" in bad["msg"]
    phone, _ = await partner_post(client, path, {"uid": 701, "phone": "12345"}, idem="bad-702")
    assert phone["code"] == 500 and "手机号" in phone["msg"]
    junk, _ = await partner_post(client, path, None, raw=b"{not json", idem="bad-703")
    assert junk == {"code": 500, "msg": "请求体不是有效的 JSON"}
    assert not await AccountConsumer.exists() and not await PartnerRequest.exists()
    fixed, _ = await partner_post(client, path, {"uid": 701}, idem="bad-701")
    assert fixed["code"] == 200
    await register(client, 702, phone="13800000702")
    taken, _ = await partner_post(client, path, {"uid": 703, "phone": "13800000702"})
    assert taken == {"code": 500, "msg": "手机号码已被其他用户使用"}
    assert not await AccountConsumer.filter(uid=703).exists()


async def test_twenty_parallel_identical_requests_apply_once(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    path = "/api/partner/v1/consumers"
    body = {"uid": 801, "nickName": "并发"}
    results = await asyncio.gather(*(partner_post(client, path, body, idem="same-801") for _ in range(20)))
    answers = [r[0] for r in results]
    assert all(a == answers[0] for a in answers) and answers[0]["data"]["created"] is True
    assert await AccountConsumer.filter(uid=801).count() == 1
    assert await PartnerRequest.filter(idem_key="same-801", status="done").count() == 1
    assert sum(1 for r in results if r[1].headers.get("Idempotent-Replayed")) == 19


async def test_sign_in_records_and_last_login(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    await register(client, 901)
    path = "/api/partner/v1/consumers/sign_in"
    now = int(time.time())
    first, _ = await partner_post(client, path, {"uid": 901, "ip": "1.2.3.4", "city": "杭州", "device": "iPhone",
                                                 "time": now}, idem="si-1")
    assert first["code"] == 200
    older, _ = await partner_post(client, path, {"uid": 901, "ip": "5.6.7.8", "city": "上海", "device": "Android",
                                                 "time": now - 3600}, idem="si-2")
    assert older["code"] == 200
    replay, _ = await partner_post(client, path, {"uid": 901, "ip": "1.2.3.4", "city": "杭州", "device": "iPhone",
                                                  "time": now}, idem="si-1")
    assert replay == first
    assert await AccountSignIn.filter(uid=901).count() == 2
    consumer = await AccountConsumer.get(uid=901)
    assert (consumer.last_login_ip, consumer.last_login_city) == ("1.2.3.4", "杭州")
    assert int(consumer.last_login_time.timestamp()) == now  # type: ignore[union-attr]
    unknown, _ = await partner_post(client, path, {"uid": 999999, "time": now})
    assert unknown == {"code": 404, "msg": "用户不存在"}
    bad, _ = await partner_post(client, path, {"uid": 901, "time": "yesterday"})
    assert bad["code"] == 500 and await AccountSignIn.filter(uid=901).count() == 2


async def test_partner_routes_are_documented_with_their_scheme(client):
    doc = await (await client.get("/openapi.json")).json()
    op = doc["paths"]["/api/partner/v1/consumers"]["post"]
    assert op["security"] == [{"partnerSignature": []}]
    assert {p["name"] for p in op["parameters"]} >= {"X-Partner-Timestamp", "X-Partner-Signature", "Idempotency-Key"}
    assert doc["components"]["securitySchemes"]["partnerSignature"]["in"] == "header"


async def test_a_claim_abandoned_by_a_dead_process_is_retaken(start_app, make_settings):
    from datetime import UTC, datetime, timedelta

    client = await start_app(make_settings(chat_partner_key=KEY))
    path = "/api/partner/v1/consumers"
    body = {"uid": 1101}
    import hashlib

    await PartnerRequest.create(idem_key="dead-1", route=f"POST {path}", body_hash=hashlib.sha256(orjson.dumps(body))
                                .hexdigest(), created_at=datetime.now(UTC) - timedelta(minutes=5))
    answer, _ = await partner_post(client, path, body, idem="dead-1")
    assert answer["code"] == 200 and answer["data"]["created"] is True
    assert await PartnerRequest.filter(idem_key="dead-1", status="done").count() == 1


async def test_a_claim_of_a_node_gone_is_retaken_in_seconds_and_a_live_nodes_is_waited_for(start_app, make_settings,
                                                                                          monkeypatch):
    """A partner call's node killed mid-call leaves its claim pending: the client's repeat retakes the key once that
    node is no longer marked alive (it waited out ABANDONED_AFTER, two minutes, polling). A claim of a node still
    marked alive is its own: the repeat waits for it and is told the call is in progress."""
    import hashlib
    from datetime import UTC, datetime, timedelta

    from core_api.platform import partner
    from core_api.platform.state import KV, NODE

    monkeypatch.setattr(partner, "WAIT_FOR_FIRST", 1.0)
    client = await start_app(make_settings(chat_partner_key=KEY))
    app = client.server.app
    assert await app[KV].get(f"partner:node:{app[NODE]}") == "1"  # this node marks itself alive
    path = "/api/partner/v1/consumers"
    await app[KV].set("partner:node:live-node", "1", 60)
    then = datetime.now(UTC) - timedelta(seconds=30)
    for key, uid, node in (("live-1", 1201, "live-node"), ("gone-1", 1202, "gone-node")):
        await PartnerRequest.create(idem_key=key, route=f"POST {path}", created_at=then, node=node,
                                    body_hash=hashlib.sha256(orjson.dumps({"uid": uid})).hexdigest())
    began = time.monotonic()
    taken, _ = await partner_post(client, path, {"uid": 1202}, idem="gone-1")
    assert taken["code"] == 200 and taken["data"]["created"] is True
    assert time.monotonic() - began < 1.0  # at once: the node is gone
    row = await PartnerRequest.get(idem_key="gone-1")
    assert (row.status, row.node) == ("done", app[NODE])
    waited, _ = await partner_post(client, path, {"uid": 1201}, idem="live-1")
    assert waited == {"code": 409, "msg": "同一幂等键的请求正在处理，请稍后重试"}
    assert not await AccountConsumer.filter(uid=1201).exists()
    assert (await PartnerRequest.get(idem_key="live-1")).status == "pending"


@pytest.mark.parametrize("store", ["db", "redis"])
async def test_a_signed_call_is_accepted_once(start_app, make_settings, store):
    """A captured call re-sent within the window, under a new Idempotency-Key or under its own after its first
    run failed, applies nothing; the table store (SQLite, PostgreSQL) and Redis alike."""
    from core_api.content.feedback.models import CommonFeedback
    from tests.test_kv_and_settings import REDIS_URL, require_redis

    if store == "redis":
        require_redis()
    client = await start_app(make_settings(chat_partner_key=KEY, redis_url=REDIS_URL if store == "redis" else ""))
    await register(client, 1201)
    path = "/api/partner/v1/feedback"
    data = orjson.dumps({"uid": 1201, "content": f"希望增加夜间模式 {uuid.uuid4().hex}"})
    ts = str(int(time.time()))
    captured = {"Content-Type": "application/json", "X-Partner-Timestamp": ts, "Idempotency-Key": "fb-1",
                "X-Partner-Signature": partner_signature(KEY, ts, "POST", path, data, "fb-1")}
    first = await (await client.post(path, data=data, headers=captured)).json()
    assert first["code"] == 200
    # The same timestamp, signature and body under two new keys: refused, one row.
    for new_key in ("fb-2", "fb-3"):
        replay = await client.post(path, data=data, headers={**captured, "Idempotency-Key": new_key})
        assert await replay.json() == {"code": 401, "msg": "签名不正确"}
    assert await CommonFeedback.filter(uid=1201).count() == 1
    # Under its own key the stored answer comes back and nothing is applied again.
    again = await client.post(path, data=data, headers=captured)
    assert await again.json() == first and again.headers["Idempotent-Replayed"] == "true"
    assert await CommonFeedback.filter(uid=1201).count() == 1

    # A call refused first (its user unknown then) lets its key go; re-sent as captured once the user exists, it
    # is refused as a replay and writes nothing.
    data = orjson.dumps({"uid": 1202, "content": "先于注册到达"})
    early = {**captured, "Idempotency-Key": "fb-early",
             "X-Partner-Signature": partner_signature(KEY, ts, "POST", path, data, "fb-early")}
    refused = await (await client.post(path, data=data, headers=early)).json()
    assert refused == {"code": 500, "msg": "用户UID 1202 不存在"}
    await register(client, 1202)
    replayed = await (await client.post(path, data=data, headers=early)).json()
    assert replayed == {"code": 401, "msg": "该签名已使用过，请求被拒绝：每次调用请用当前时间戳重新签名"}
    assert not await CommonFeedback.filter(uid=1202).exists()
    assert not await PartnerRequest.filter(idem_key="fb-early").exists()  # the key is free for a fresh call
    # Two calls with one body in the same second under two keys are two signatures: both apply.
    for key in ("fb-a", "fb-b"):
        answer, _ = await partner_post(client, path, {"uid": 1202, "content": "同一秒的两条"}, idem=key,
                                       timestamp=int(ts))
        assert answer["code"] == 200
    assert await CommonFeedback.filter(uid=1202).count() == 2


def test_every_partner_body_refuses_coercion_and_reads_times_from_text():
    """Each partner call's body model, nested ones included, is strict; its time fields still take JSON text."""
    import datetime as dt
    import typing

    from pydantic import BaseModel, Strict

    from core_api.app import feature_apis
    from core_api.platform.api import all_endpoints

    def models(model: type[BaseModel], seen: set[type[BaseModel]]) -> set[type[BaseModel]]:
        seen.add(model)
        for info in model.model_fields.values():
            stack = [info.annotation]
            while stack:
                a = stack.pop()
                if isinstance(a, type) and issubclass(a, BaseModel) and a not in seen:
                    models(a, seen)
                stack.extend(typing.get_args(a))
        return seen

    bodies = [ep.body_model for ep in all_endpoints(feature_apis()) if ep.partner and ep.body_model]
    assert len(bodies) > 40
    for model in set().union(*(models(b, set()) for b in bodies)):
        assert model.model_config.get("strict") is True, model.__name__
        for name, info in model.model_fields.items():
            if {dt.datetime, dt.date} & {info.annotation, *typing.get_args(info.annotation)} or \
                    "datetime" in str(info.annotation):
                lax = Strict(False) in info.metadata or "Strict(strict=False)" in str(info.annotation)
                assert lax, f"{model.__name__}.{name}: a time must take JSON text"
