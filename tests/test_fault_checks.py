"""The fault test's own arithmetic (ops/faults): how long its load runs when the faults run late, and the rates it
reports away from the faults. The topology itself runs in tests/test_cluster_faults.py."""

from __future__ import annotations

import time

from ops.faults.checks import RECOVERY, outside_faults
from ops.faults.traffic import Order, Record, Traffic


def order_at(t: float) -> Order:
    return Order("r", "k", 1, 1, 1, None, 0, {}, placed_at=t)


def test_the_rates_away_from_the_faults_leave_out_each_window_and_its_recovery() -> None:
    rec = Record(began=1000.0, ended=1110.0, sent_until=1100.0)
    # two faults whose windows (to RECOVERY after each end) overlap: one window from 1010 to 1030 + RECOVERY
    faults = [{"name": "kill core 0", "start": 1010.0, "end": 1020.0},
              {"name": "kill worker 0", "start": 1022.0, "end": 1030.0}]
    rec.orders = [order_at(t) for t in (1005.0, 1012.0, 1033.0, 1040.0, 1099.0, 1105.0)]
    rec.sent = {"a": 1001.0, "b": 1034.9, "c": 1050.0}
    quiet = 100.0 - (1030.0 + RECOVERY - 1010.0)
    # orders: 1005, 1040 and 1099 count; 1012 and 1033 are in the window, 1105 after the load's end; chat: a and c
    assert outside_faults(rec, faults) == {"seconds": quiet, "orders_per_second": round(3 / quiet, 1),
                                           "chat_messages_per_second": round(2 / quiet, 1)}


def test_without_faults_every_second_of_the_load_counts() -> None:
    rec = Record(began=0.0, ended=12.0, sent_until=10.0)
    rec.orders = [order_at(t) for t in range(10)]
    assert outside_faults(rec, []) == {"seconds": 10.0, "orders_per_second": 1.0, "chat_messages_per_second": 0.0}


def test_the_load_runs_on_until_the_faults_are_over_however_late() -> None:
    traffic = Traffic("http://127.0.0.1:9", ["http://127.0.0.1:9"], "postgres://x", "key")
    traffic.stop_at = time.time() - 5  # the planned end has passed
    assert not traffic.running()
    traffic.faults_begin()
    assert traffic.running()  # a fault still under way: the load goes on
    traffic.faults_over(3.0)
    assert traffic.running() and 2.5 < traffic.stop_at - time.time() <= 3.0
    traffic.stop_at = time.time() - 0.1
    assert not traffic.running()
