"""Keyset ("seek") paging for the declared lists: the next page starts after the last row of this one, so a
deep page of a large table costs what page 1 costs instead of walking every row before it.

A list answers, beside ``total`` and ``rows``, ``next``: an opaque cursor naming its last row's ordering
values, the page it leads to and the filters it was made under. A request for that page with ``after=<cursor>``
is answered by ``WHERE (order columns) after (those values)`` with no OFFSET. A cursor that does not fit the
request (another page, other filters or ordering, a forged or stale value) is ignored and the page is read by
OFFSET as before, so a cursor can never change which rows a page shows, only how fast they are found.
"""

from __future__ import annotations

import base64
import datetime as dt
import functools
import hashlib
from collections.abc import Sequence
from typing import Any

import orjson
from tortoise import fields as tf
from tortoise.expressions import Q
from tortoise.models import Model


@functools.lru_cache(maxsize=1024)
def _kind(model: type[Model], name: str) -> str | None:
    field = model._meta.fields_map.get(name)
    if isinstance(field, tf.DatetimeField):
        return "datetime"
    if isinstance(field, tf.DateField):
        return "date"
    if isinstance(field, (tf.IntField, tf.BigIntField, tf.SmallIntField)):
        return "int"
    if isinstance(field, (tf.CharField, tf.TextField)):
        return "str"
    return None  # other types are not sought: the page is read by OFFSET


def _scope(filters_key: str, ordering: Sequence[str], page: int) -> str:
    return _scope_of(filters_key, tuple(ordering), page)


@functools.lru_cache(maxsize=4096)  # the same pages are asked again and again (a screen's page 1 above all)
def _scope_of(filters_key: str, ordering: tuple[str, ...], page: int) -> str:
    return hashlib.sha256(f"{filters_key}\x00{','.join(ordering)}\x00{page}".encode()).hexdigest()[:20]


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else value


def cursor_after(model: type[Model], row: dict[str, Any], filters_key: str, ordering: Sequence[str],
                 next_page: int) -> str | None:
    """The cursor of the page after ``row`` (the last row of this page), or None when it cannot be sought."""
    values = []
    for term in ordering:
        name = term.lstrip("-")
        if _kind(model, name) is None or row.get(name) is None:
            return None
        values.append(_plain(row[name]))
    raw = orjson.dumps({"s": _scope(filters_key, ordering, next_page), "v": values})
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def seek_filter(model: type[Model], cursor: str | None, filters_key: str, ordering: Sequence[str],
                page: int) -> Q | None:
    """``WHERE`` the rows after the cursor's row in ``ordering``, or None (read by OFFSET) when the cursor
    is absent or does not fit this request."""
    if not cursor:
        return None
    try:
        data = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if data["s"] != _scope(filters_key, ordering, page) or len(data["v"]) != len(ordering):
            return None
        pairs = zip(ordering, data["v"], strict=True)
        values = [_typed(_kind(model, term.lstrip("-")), value) for term, value in pairs]
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    either: Q | None = None
    for i, term in enumerate(ordering):
        name, descending = term.lstrip("-"), term.startswith("-")
        equal = {ordering[j].lstrip("-"): values[j] for j in range(i)}
        step = Q(**equal, **{f"{name}__{'lt' if descending else 'gt'}": values[i]})
        either = step if either is None else either | step
    # The same bound on the leading column alone (implied by the OR above) is what an index on that column
    # can start its scan at; without it the database reads every row before the cursor and filters them.
    first, descending = ordering[0].lstrip("-"), ordering[0].startswith("-")
    return Q(**{f"{first}__{'lte' if descending else 'gte'}": values[0]}) & either  # type: ignore[operator]


def _typed(kind: str | None, value: Any) -> Any:
    if kind == "datetime":
        moment = dt.datetime.fromisoformat(value)
        if moment.tzinfo is None:
            raise ValueError("a cursor's time has its offset")
        return moment
    if kind == "date":
        return dt.date.fromisoformat(value)
    if kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError("not a whole number")
        return value
    if kind == "str" and isinstance(value, str):
        return value
    raise ValueError("not a sought column")
