"""What the system, monitor and tools screens share: the list query passed on to the core, the dictionaries
a screen shows, and the list screens declared in one call (a page of a core list, or a whole flat list, with
its dictionaries). The rows themselves are the contract's (core_api/platform/contract/system.py)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from pydantic import create_model

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import Dicts
from core_api.platform.envelope import ok
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


def in_language(core: CoreClient, entries: list[Any]) -> list[Any]:
    """A dictionary's entries as the console shows them: to an English caller ``dictLabel`` is the entry's English
    label (``dictLabelEn``; the Chinese when it has none), so every tag, select and filter of every screen speaks
    the operator's language without choosing (docs/decisions.md). The core's own answer keeps RuoYi's zh-CN."""
    if not core.english:
        return entries
    return [{**entry, "dictLabel": entry.get("dictLabelEn") or entry.get("dictLabel", "")} for entry in entries]


async def fetch_dicts(core: CoreClient, *names: str) -> Dicts:
    """Several dictionaries at once, each from the core's (cached) by-type call, in the caller's language."""
    envelopes = await asyncio.gather(*(core.get(f"/system/dict/data/type/{name}") for name in names))
    return {name: in_language(core, env.get("data", [])) for name, env in zip(names, envelopes, strict=True)}


def screen_models(name: str, data: dict[str, Any]) -> type[Envelope]:
    """The answer model ``<name>ScreenOut`` of a screen whose data (``<name>Screen``) has these fields."""
    fields: dict[str, Any] = {key: (kind, ...) for key, kind in data.items()}
    screen = create_model(f"{name}Screen", __base__=Schema, **fields)
    return create_model(f"{name}ScreenOut", __base__=Envelope, data=(screen, ...))


def paged_screen(api: Api, path: str, *, name: str, rows: type[Schema], core_path: str, query: type[Schema],
                 dicts: tuple[str, ...] = (), summary: str, function: str | None = None) -> None:
    """A list screen: a page of the core's list (``<name>Page``: rows and total) filtered by the screen's
    query, with the dictionaries its columns show (``dicts`` when the screen names some). ``function``: the
    handler's name (its operation id) when not ``<name>_screen``."""
    page = create_model(f"{name}Page", __base__=Schema, rows=(list[rows], ...), total=(int, ...))  # type: ignore[valid-type]
    shape: dict[str, Any] = {"page": page, **({"dicts": Dicts} if dicts else {})}

    async def screen(core: CoreClient, query: Schema) -> web.Response:
        found, named = await asyncio.gather(core.get(core_path, params=core_params(query)), fetch_dicts(core, *dicts))
        return ok(data={"page": page_of(found), **({"dicts": named} if dicts else {})})

    screen.__name__ = function or ""
    register(api, path, screen, name=name, query=query, response=screen_models(name, shape), summary=summary)


def listed_screen(api: Api, path: str, *, name: str, key: str, rows: type[Schema], core_path: str,
                  query: type[Schema], dicts: tuple[str, ...], summary: str) -> None:
    """A tree screen: every row of the core's flat list (under ``key``) and the dictionaries it shows."""

    async def screen(core: CoreClient, query: Schema) -> web.Response:
        found, named = await asyncio.gather(core.get(core_path, params=core_params(query)), fetch_dicts(core, *dicts))
        return ok(data={key: found.get("data", []), "dicts": named})

    screen.__name__ = ""
    response = screen_models(name, {key: list[rows], "dicts": Dicts})  # type: ignore[valid-type]
    register(api, path, screen, name=name, query=query, response=response, summary=summary)


def register(api: Api, path: str, handler: Callable[..., Awaitable[web.Response]], *, name: str,
             query: type[Schema], response: type[Envelope], summary: str) -> None:
    """Declares a screen handler built here under its own name (its operation id) and query model."""
    handler.__name__ = handler.__name__ or f"{re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower()}_screen"
    handler.__annotations__ = {"core": CoreClient, "query": query, "return": web.Response}
    api.get(path, login_only=True, summary=summary, response=response)(handler)
