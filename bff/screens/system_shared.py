"""What the system screens share: the rows of the core's lists as the wire shows them, the tree node,
the dictionaries a screen shows, and the list query passed on to the core."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from bff.core_client import CoreClient
from core_api.platform.contract.system import (  # noqa: F401 - the screens import the rows from here
    Audit,
    AuthUserRow,
    ConfigRow,
    DeptRow,
    Dicts,
    DictTypeRow,
    MenuRow,
    NoticeRow,
    PostRow,
    RoleRow,
    TreeNode,
    UserDetail,
    UserRow,
)
from core_api.platform.schema import Schema

DATE_RANGE_KEY = re.compile(r"^(begin|end)[A-Z]\w*$")


def core_params(query: Schema) -> dict[str, str]:
    """A validated list query as the core reads it; date ranges go as ``params[beginTime]``."""
    out: dict[str, str] = {}
    for key, value in query.model_dump(mode="json", by_alias=True, exclude_none=True).items():
        if value == "":
            continue
        text = str(value).lower() if isinstance(value, bool) else str(value)
        out[f"params[{key}]" if DATE_RANGE_KEY.match(key) else key] = text
    return out


def page_of(envelope: dict[str, Any]) -> dict[str, Any]:
    return {"rows": envelope.get("rows", []), "total": envelope.get("total", 0)}


async def fetch_dicts(core: CoreClient, *names: str) -> Dicts:
    """Several dictionaries at once, each from the core's (cached) by-type call."""
    envelopes = await asyncio.gather(*(core.get(f"/system/dict/data/type/{name}") for name in names))
    return {name: env.get("data", []) for name, env in zip(names, envelopes, strict=True)}
