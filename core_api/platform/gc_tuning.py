"""Garbage-collector settings for the long-running servers.

With thousands of open sockets a node holds over half a million tracked objects, and CPython 3.11's
default thresholds (700, 10, 10) make a full collection of all of them run every few seconds, each one
stopping the event loop for 300 ms and more (measured: docs/performance.md, chat). Objects made while
importing and building the app live as long as the process, so they are frozen out of every collection,
and the young generation is made large enough that full collections become rare.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)


def tune_for_serving() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
