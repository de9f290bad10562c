"""The few hand-written SQL statements (upserts, joins the ORM cannot express) share this: parameter
placeholders in the connection's dialect. Only placeholders and constants are ever interpolated."""

from __future__ import annotations

from typing import Any


def placeholders(conn: Any, n: int) -> list[str]:
    if conn.capabilities.dialect == "postgres":
        return [f"${i}" for i in range(1, n + 1)]
    return ["?"] * n
