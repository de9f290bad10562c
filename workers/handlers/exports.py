"""Builds the background exports (core_api/platform/exports.py) of every exporter."""

from __future__ import annotations

from typing import Any

import core_api.account.consumer.routes  # noqa: F401 - registers the app users' exporter
from core_api.platform.bus import BaseBus
from core_api.platform.exports import run_export
from core_api.platform.settings import Settings


async def build(payload: dict[str, Any], bus: BaseBus) -> None:
    await run_export(payload, bus.settings or Settings())
