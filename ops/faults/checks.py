"""After the load: what the primary holds against what the traffic recorded, and the figures.

``await check(primary_url, record, faults, before)`` answers ``(problems, figures)``: ``problems`` is a list of
sentences (empty when everything holds), ``figures`` what the run measured. ``before`` is ``snapshot()`` taken
before the load (the SKUs' stock and the sold quantities), ``faults`` the fault steps as the scenario ran them:
``{"name", "start", "end"}`` (unix seconds).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from typing import Any

import asyncpg

from ops.faults.traffic import Call, Record

RECOVERY = 5.0  # seconds: the service answers again within this after each fault
LATE = 3.0  # seconds a chat message may take to reach a staff socket before it counts as its to hear

# What a SKU holds plus what its live order lines took stays the same (a closed order gives its stock back).
SOLD = ("SELECT s.id, s.stock, coalesce(sum(l.quantity) FILTER (WHERE o.status <> 'closed'), 0) AS sold "
        "FROM mall_sku s LEFT JOIN order_line l ON l.sku_id = s.id LEFT JOIN order_shop o ON o.id = l.shop_order_id "
        "WHERE s.id = ANY($1) GROUP BY s.id")


async def snapshot(primary_url: str, skus: list[int]) -> dict[int, int]:
    conn = await asyncpg.connect(primary_url)
    try:
        return {r["id"]: r["stock"] + r["sold"] for r in await conn.fetch(SOLD, skus)}
    finally:
        await conn.close()


async def check(primary_url: str, rec: Record, faults: list[dict[str, Any]], before: dict[int, int]
                ) -> tuple[list[str], dict[str, Any]]:
    problems: list[str] = []
    conn = await asyncpg.connect(primary_url)
    try:
        await orders(conn, rec, before, problems)
        await ledgers(conn, problems)
        await jobs(conn, rec, problems)
    finally:
        await conn.close()
    owed, missed = chat(rec, faults, problems)
    exports(rec, problems)
    figures = requests(rec, faults, problems)
    figures["chat_deliveries_owed"] = owed
    figures["chat_missed"] = missed
    figures["chat_heard_again_after_a_reconnect"] = rec.heard_again_after_reconnect
    figures["chat_delivery_seconds"] = delivery(rec)
    return problems, figures


async def orders(conn: asyncpg.Connection, rec: Record, before: dict[int, int], problems: list[str]) -> None:
    nos = [o.request_no for o in rec.orders]
    rows = await conn.fetch("SELECT request_no, order_no, uid, pay_fen, points_used, pay_status FROM order_main "
                            "WHERE request_no = ANY($1)", nos)
    found = Counter(r["request_no"] for r in rows)
    by_no = {r["request_no"]: r for r in rows}
    missing = [n for n in nos if not found[n]]
    twice = [n for n, k in found.items() if k > 1]
    if missing:
        problems.append(f"{len(missing)} accepted orders are not in the database (first: {missing[:3]})")
    if twice:
        problems.append(f"{len(twice)} orders exist more than once (first: {twice[:3]})")
    wrong = [o.request_no for o in rec.orders if o.request_no in by_no and (
        by_no[o.request_no]["order_no"] != o.answer["orderNo"] or by_no[o.request_no]["pay_fen"] != o.answer["payFen"]
        or by_no[o.request_no]["points_used"] != o.answer["pointsUsed"])]
    if wrong:
        problems.append(f"{len(wrong)} orders differ from their accepted answer (first: {wrong[:3]})")
    unpaid = [o.request_no for o in rec.orders if o.paid and by_no.get(o.request_no, {}).get("pay_status") != "paid"]
    if unpaid:
        problems.append(f"{len(unpaid)} orders whose payment was confirmed are not paid (first: {unpaid[:3]})")
    # Stock: sold + left = initial, per SKU.
    after = {r["id"]: r["stock"] + r["sold"] for r in await conn.fetch(SOLD, list(before))}
    drift = {sku: (before[sku], after.get(sku)) for sku in before if after.get(sku) != before[sku]}
    if drift:
        problems.append(f"stock + sold changed on SKUs (before, after): {drift}")
    negative = await conn.fetchval("SELECT count(*) FROM mall_sku WHERE stock < 0")
    if negative:
        problems.append(f"{negative} SKUs have a negative stock")
    # Coupons: each one an accepted order names is used, by that order, and no two accepted orders name one.
    used = {o.user_coupon: o.answer["orderNo"] for o in rec.orders if o.user_coupon}
    named = sum(1 for o in rec.orders if o.user_coupon)
    rows = await conn.fetch("SELECT id, status, order_no FROM mall_user_coupon WHERE id = ANY($1)", list(used))
    bad = [dict(r) for r in rows if r["status"] != "used" or r["order_no"] != used[r["id"]]]
    if bad or len(rows) != len(used) or named != len(used):
        problems.append(f"coupons not used exactly once by their order: {bad[:3]} (accepted orders naming one "
                        f"{named}, distinct coupons {len(used)}, found {len(rows)})")


async def ledgers(conn: asyncpg.Connection, problems: list[str]) -> None:
    points = await conn.fetch(
        "SELECT a.uid, a.balance, coalesce(sum(l.delta), 0) AS total FROM points_account a "
        "LEFT JOIN points_ledger l ON l.uid = a.uid GROUP BY a.uid, a.balance "
        "HAVING a.balance <> coalesce(sum(l.delta), 0) OR a.balance < 0")
    if points:
        problems.append(f"{len(points)} points accounts differ from their ledger or are negative: "
                        f"{[dict(r) for r in points[:3]]}")
    wallets = await conn.fetch(
        "SELECT w.uid, w.available_fen, w.frozen_fen, coalesce(sum(l.available_delta), 0) AS available, "
        "coalesce(sum(l.frozen_delta), 0) AS frozen FROM finance_wallet w LEFT JOIN finance_ledger l ON l.uid = w.uid "
        "GROUP BY w.uid, w.available_fen, w.frozen_fen HAVING w.available_fen <> coalesce(sum(l.available_delta), 0) "
        "OR w.frozen_fen <> coalesce(sum(l.frozen_delta), 0) OR w.available_fen < 0 OR w.frozen_fen < 0")
    if wallets:
        problems.append(f"{len(wallets)} wallets differ from their ledger or are negative: "
                        f"{[dict(r) for r in wallets[:3]]}")


async def jobs(conn: asyncpg.Connection, rec: Record, problems: list[str]) -> None:
    job = rec.job
    if not job.get("until"):
        problems.append("the test's job could not be paused at the end")
        return
    fired = [r["t"] for r in await conn.fetch(
        "SELECT extract(epoch FROM fire_time)::bigint AS t FROM sys_job_log WHERE job_id = $1 ORDER BY fire_time",
        job["id"])]
    every = job["every"]
    # Ticks certainly due while the job was on: after its creation and before its pause (a second each side).
    first = (int(job["from"]) // every + 1) * every
    expected = list(range(first, int(job["until"]) - 1, every))
    counts = Counter(fired)
    job["expected"], job["fired"] = len(expected), len(fired)
    twice = sorted(t for t, k in counts.items() if k > 1)
    lost = [t for t in expected if not counts[t]]
    if twice:
        problems.append(f"the job fired twice at {len(twice)} ticks (s into the load: "
                        f"{[round(t - rec.began) for t in twice[:5]]})")
    if lost:
        problems.append(f"{len(lost)} of {len(expected)} job ticks never ran (s into the load: "
                        f"{[round(t - rec.began) for t in lost[:5]]})")


def chat(rec: Record, faults: list[dict[str, Any]], problems: list[str]) -> tuple[int, dict[str, Any]]:
    """Each message acknowledged to its sender reaches each staff that had a socket connected from its sending
    until LATE seconds after it; none reaches any socket twice. (A message a staff's new socket hears again after a
    reconnect, because its node's fan-out came after the socket joined, is counted as a figure: the console shows
    it once, merged by its id.) Answers the deliveries owed and, per staff that missed some, when they were sent
    (``missed_when``)."""
    missed: dict[str, list[float]] = defaultdict(list)  # staff -> when each message it missed was sent
    owed_to: Counter[str] = Counter()
    twice_at = [round(rec.sent[t] - rec.began, 1) for t in rec.heard_twice_on_a_socket if t in rec.sent]
    for staff, heard in rec.heard.items():
        windows = rec.online.get(staff, [])
        for text, at in rec.sent.items():
            if any(a <= at and at + LATE <= b for a, b in windows):
                owed_to[staff] += 1
                if not heard.get(text):
                    missed[staff].append(at)
    owed = sum(owed_to.values())
    if rec.heard_twice_on_a_socket:
        problems.append(f"{len(rec.heard_twice_on_a_socket)} chat messages reached one staff socket more than once "
                        f"(sent at, s into the load: {sorted(twice_at)[:3]} ... {sorted(twice_at)[-3:]})")
    detail = {staff: missed_when(rec, faults, staff, times, owed_to[staff]) for staff, times in sorted(missed.items())}
    if missed:
        counts = {staff: len(times) for staff, times in missed.items()}
        problems.append(f"chat messages never reached a connected staff socket: {counts} of {owed} owed; " + "; ".join(
                            f"{staff}: sent at {d['sent_at'][:3]} ... {d['sent_at'][-3:]} s into the load, in "
                            f"{d['by_fault']}, its sockets online {d['online']}" for staff, d in detail.items()))
    return owed, detail


def delivery(rec: Record) -> dict[str, Any]:
    """Per staff, how long its messages took from the sender's call to the socket (p50, p99, max), when the
    slowest was sent and the slowest of each 5 s of sending (s into the load)."""
    out: dict[str, Any] = {}
    for staff, heard_at in sorted(rec.heard_at.items()):
        delays = sorted((at - rec.sent[text], rec.sent[text]) for text, at in heard_at.items() if text in rec.sent)
        if delays:
            def pick(q: float, delays: list[tuple[float, float]] = delays) -> float:
                return round(delays[min(len(delays) - 1, int(q * len(delays)))][0], 3)
            worst: dict[int, float] = {}  # the slowest of each 5 s of sending
            for delay, sent in delays:
                bucket = int((sent - rec.began) // 5 * 5)
                worst[bucket] = max(worst.get(bucket, 0.0), round(delay, 2))
            out[staff] = {"p50": pick(0.5), "p99": pick(0.99), "max": round(delays[-1][0], 3),
                          "slowest_sent_at": round(delays[-1][1] - rec.began, 2),
                          "slowest_by_5s": sorted(worst.items())}
    return out


def missed_when(rec: Record, faults: list[dict[str, Any]], staff: str, times: list[float], owed: int
                ) -> dict[str, Any]:
    """When the messages a staff missed were sent (s into the load, in order), how many in each fault's window
    (from its start to RECOVERY seconds after its end; "no fault" otherwise), and the windows the staff's sockets
    were online (s into the load)."""
    by_fault: Counter[str] = Counter()
    for at in times:
        by_fault[next((f["name"] for f in faults if f["start"] <= at <= f.get("end", f["start"]) + RECOVERY),
                      "no fault")] += 1
    return {"missed": len(times), "owed": owed,
            "sent_at": [round(at - rec.began, 2) for at in sorted(times)],
            "by_fault": dict(by_fault),
            "faults": [[f["name"], round(f["start"] - rec.began, 1), round(f.get("end", f["start"]) - rec.began, 1)]
                       for f in faults],
            "online": [[round(a - rec.began, 2), round(b - rec.began, 2)] for a, b in rec.online.get(staff, [])]}


def exports(rec: Record, problems: list[str]) -> None:
    unfinished = [e for e in rec.exports if e["status"] != "done" or not e["file"]]
    if unfinished:
        problems.append(f"{len(unfinished)} exports never gave their file: {unfinished[:3]}")


def requests(rec: Record, faults: list[dict[str, Any]], problems: list[str]) -> dict[str, Any]:
    """The failures by cause, the recovery after each fault and the rates. A failure is excused only when it
    was in flight on a killed core node: sent before the kill and unanswered at it or, on a socket of that node,
    written after the kill but before its client saw the connection end (the message went into a dead socket);
    every other one is a problem."""
    calls = [c for c in rec.calls if c.lane != "setup"]
    failed = [c for c in calls if not c.ok]
    by_cause: Counter[str] = Counter()
    for c in failed:
        cause = "none"
        for f in faults:
            if f["name"].startswith("kill core") and c.start <= f["start"] <= c.end:
                cause = "in flight at " + f["name"]
                break
            if (f["name"].startswith("kill core") and c.closed and c.target == f.get("node")
                    and f["start"] <= c.start <= c.closed):
                cause = "in flight at " + f["name"] + " (written into its socket before the close was seen)"
                break
            if f["start"] <= c.end and c.start <= f["end"] + RECOVERY:
                cause = "during " + f["name"]
        by_cause[cause] += 1
    unexcused = {k: v for k, v in by_cause.items() if not k.startswith("in flight at")}
    if unexcused:
        firsts = [f"{c.lane}/{c.what} {c.target} {c.why}" for c in failed][:5]
        problems.append(f"failed requests not in flight on a killed node: {unexcused} (e.g. {firsts})")
    recovery: dict[str, float | None] = {}
    for f in faults:
        after = [c.end for c in calls if c.ok and c.start >= f["end"]]
        recovery[f["name"]] = round(min(after) - f["end"], 2) if after else None
        if not after or min(after) - f["end"] > RECOVERY:
            problems.append(f"no answer within {RECOVERY:.0f} s after {f['name']} ended ({recovery[f['name']]})")
    standby = next((f for f in faults if f["name"] == "standby stopped"), None)
    reads_away = 0
    if standby:
        reads = [c for c in calls if c.lane == "operators" and c.what.endswith("list")
                 and standby["start"] <= c.start <= standby["end"]]
        reads_away = sum(c.ok for c in reads)
        if not reads or reads_away < len(reads):
            problems.append(f"reads while the standby was away: {reads_away} of {len(reads)} answered")
    seconds = max(rec.ended - rec.began, 1e-9)
    sending = max((rec.sent_until or rec.ended) - rec.began, 1e-9)  # the rates' span: not the exports' last wait
    latency: dict[str, list[float]] = defaultdict(list)
    for c in calls:
        if c.ok:
            latency[f"{c.lane}/{c.what}"].append(c.end - c.start)
    lanes = Counter(c.lane for c in calls)
    return {
        "seconds": round(seconds, 1),
        "requests": len(calls), "ok": len(calls) - len(failed), "failed": len(failed),
        "in_flight_at_end": len(rec.in_flight()),
        "failures_by_cause": dict(by_cause), "failures_by_error": dict(Counter(c.why for c in failed)),
        "requests_by_lane": dict(lanes),
        "recovery_seconds": recovery,
        "latency_p50_p95_ms": {k: [round(1000 * statistics.median(v)), round(1000 * sorted(v)[int(len(v) * 0.95)])]
                               for k, v in sorted(latency.items())},
        "orders_due": rec.orders_due, "orders_held_back": rec.orders_held,
        "orders_accepted": len(rec.orders), "orders_paid": sum(o.paid for o in rec.orders),
        "sending_seconds": round(sending, 1),
        "orders_per_second": round(len(rec.orders) / sending, 1),
        "orders_with_coupon": sum(1 for o in rec.orders if o.user_coupon),
        "orders_with_points": sum(1 for o in rec.orders if o.points),
        "refusals": dict(rec.refused),
        "chat_messages": len(rec.sent), "chat_messages_per_second": round(len(rec.sent) / sending, 1),
        "exports": len(rec.exports),
        "job_ticks_expected": rec.job.get("expected", 0), "job_runs": rec.job.get("fired", 0),
        "reads_while_standby_away": reads_away,
        "faults": [{k: (round(v - rec.began, 1) if k in ("start", "end") else v) for k, v in f.items()}
                   for f in faults],
        "rates_outside_faults": outside_faults(rec, faults),
    }


def outside_faults(rec: Record, faults: list[dict[str, Any]]) -> dict[str, float]:
    """The rates the topology served away from the faults: orders accepted and chat messages acknowledged that
    were answered or sent outside every fault's window (its start to RECOVERY seconds after its end), over
    the seconds of the load outside them. A node started again spends its first seconds importing and warming
    up, and a kill leaves half the nodes: the whole run's rates mix those in."""
    until = rec.sent_until or rec.ended
    windows: list[list[float]] = []
    for a, b in sorted((f["start"], f.get("end", f["start"]) + RECOVERY) for f in faults):
        a, b = max(a, rec.began), min(b, until)
        if windows and a <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], b)
        elif a < b:
            windows.append([a, b])

    def away(t: float) -> bool:
        return rec.began <= t <= until and not any(a <= t <= b for a, b in windows)

    quiet = max(until - rec.began - sum(b - a for a, b in windows), 1e-9)
    placed = sum(1 for o in rec.orders if away(o.placed_at))
    said = sum(1 for at in rec.sent.values() if away(at))
    return {"seconds": round(quiet, 1), "orders_per_second": round(placed / quiet, 1),
            "chat_messages_per_second": round(said / quiet, 1)}


__all__ = ["Call", "check", "snapshot"]
