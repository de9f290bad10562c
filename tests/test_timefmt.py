"""Times on the wire (core_api/platform/timefmt.py): ``yyyy-MM-dd HH:mm:ss`` in the configured zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from core_api.platform import timefmt
from core_api.platform.timefmt import fmt


def test_a_time_is_written_in_the_configured_zone_to_the_second():
    assert fmt(datetime(2026, 5, 28, 16, 0, 1, 999_999, tzinfo=UTC)) == "2026-05-29 00:00:01"  # Asia/Shanghai
    assert fmt(datetime(2026, 12, 31, 15, 59, 59, tzinfo=UTC)) == "2026-12-31 23:59:59"
    assert fmt(datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=-5)))) == "2026-01-02 16:04:05"
    assert fmt(datetime(2026, 1, 2, 3, 4, 5)) == "2026-01-02 11:04:05"  # a time without a zone is UTC, as stored
    assert fmt(datetime(999, 1, 2, 3, 4, 5, tzinfo=UTC))[:4] == "0999"
    assert fmt(None) is None


def test_another_zone_and_its_summer_time():
    kept = timefmt.zone().key
    try:
        timefmt.set_zone("Europe/Berlin")
        assert fmt(datetime(2026, 7, 1, 10, 0, tzinfo=UTC)) == "2026-07-01 12:00:00"
        assert fmt(datetime(2026, 1, 1, 10, 0, tzinfo=UTC)) == "2026-01-01 11:00:00"
    finally:
        timefmt.set_zone(kept)
