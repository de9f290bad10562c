"""Content area: the fan-out of an added in-app message into its per-user rows."""

from __future__ import annotations

from typing import Any

from core_api.content.message.service import fan_out


async def send_message(payload: dict[str, Any]) -> None:
    await fan_out(payload)
