"""Wall-clock time in one place, so that tests can move time forward instead of sleeping."""

from __future__ import annotations

import time
from datetime import UTC, datetime


class Clock:
    def __init__(self) -> None:
        self.offset = 0.0  # seconds added to the real time (tests advance it)

    def time(self) -> float:
        return time.time() + self.offset

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.time(), UTC)

    def advance(self, seconds: float) -> None:
        self.offset += seconds
