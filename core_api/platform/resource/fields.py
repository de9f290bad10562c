"""A field of a resource: the ``F(...)`` line and what its kind means: the python type a body takes, its rules as
pydantic takes them (never beyond what its column holds), and how a row shows it to the caller (masks, times)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tortoise import fields as tortoise_fields
from tortoise.models import Model

from core_api.platform.compiled import How
from core_api.platform.html import RichText
from core_api.platform.paging import to_camel
from core_api.platform.resource.kinds import KINDS, base_kind
from core_api.platform.schema import INT_MAX, Flag, IdCardNumber, WebAddress, dict_valued
from core_api.platform.security import Principal
from core_api.platform.timefmt import fmt

# The kinds the platform knows itself; a feature registers its own (kinds.py): a region's code, a shop's id, ...
BUILT_IN = frozenset({"id", "text", "textarea", "int", "money", "dict", "flag", "image", "images", "datetime", "date",
                      "richtext", "phone", "idcard", "uid", "password", "url", "location", "lng", "lat", "targets"})
PERSONAL_DATA = "account:consumer:personal"  # view phone and ID numbers unmasked
Mask = Literal["phone", "idcard", "name"]


@dataclass(frozen=True)
class F:
    """One field of a resource. ``edit``: "always" (create and update), "create" (set once), "never".

    A ``location`` field is an address picked on the map: the declaration's ``lng`` and ``lat`` fields are its
    companions (the picker fills all three); they take degrees (−180..180, −90..90), kept to 6 decimals."""

    name: str
    label: str
    label_en: str
    kind: str = "text"  # one of BUILT_IN, or a kind a feature registers (kinds.py)
    dict_type: str | None = None
    required: bool = False
    max_length: int | None = None
    min: int | None = None
    max: int | None = None
    listed: bool = True
    filter: Literal["exact", "fragment", "range"] | None = None
    sortable: bool = False
    edit: Literal["always", "create", "never"] = "always"
    exported: bool = True
    mask: Mask | None = None
    default: Any = None
    virtual: bool = False  # not a column: listed only, filled by the resource's ``enrich`` (a joined name)
    # A ``targets`` field (comma-joined ids picked on the screen): the dict field it follows, and what its ids
    # name for each value of that field ("category" or "goods"; a value not listed hides the field).
    follows: str | None = None
    picks: tuple[tuple[str, Literal["category", "goods"]], ...] = ()

    @property
    def wire(self) -> str:
        return to_camel(self.name)

    @property
    def named(self) -> tuple[str, str]:
        """How a refusal names the field: its title in zh-CN, its wire name in English (as validation does)."""
        return self.label, self.wire


def row_view(fields: Sequence[F], principal: Principal | None) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """How the caller sees a row: wire names, times as text, and the masked fields masked unless it may see
    personal data."""
    personal = principal is not None and principal.authz.has_permi(PERSONAL_DATA)
    masked = [(f.wire, f.mask) for f in fields if f.mask and not personal]

    def view(row: dict[str, Any]) -> dict[str, Any]:  # every cell of every list: kept lean
        out: dict[str, Any] = {}
        for name, value in row.items():
            if value.__class__ not in PLAIN:
                if isinstance(value, dt.datetime):
                    value = fmt(value)
                elif isinstance(value, dt.date):
                    value = value.isoformat()
            out[to_camel(name)] = value
        for wire, how in masked:
            out[wire] = mask(out.get(wire), how)
        return out

    return view


PLAIN = frozenset({str, int, float, bool, type(None)})  # cells a view passes as they are

# The columns whose values a view passes as they are (a date as its ISO text, as JSON writes it), by their exact
# Tortoise type: an enum field is a CharField or SmallIntField whose values Tortoise turns into members.
AS_IS = frozenset({tortoise_fields.IntField, tortoise_fields.BigIntField, tortoise_fields.SmallIntField,
                   tortoise_fields.CharField, tortoise_fields.TextField, tortoise_fields.BooleanField,
                   tortoise_fields.DateField})


def json_columns(fields: Sequence[F], model: type[Model], columns: Sequence[str]
                 ) -> tuple[tuple[str, str, How], ...] | None:
    """Each column's (name, wire name, "plain" or "time") where the view of a row (``row_view``, no mask applying)
    is what PostgreSQL's ``row_to_json`` writes of it, times shown as ``fmt`` shows them; None where a column
    needs Python: a type Tortoise converts, or a field whose kind puts something beside it (``carry``)."""
    if any(f.virtual or ((kind := KINDS.get(f.kind)) is not None and kind.carry is not None) for f in fields):
        return None
    out: list[tuple[str, str, How]] = []
    for name in columns:
        column = model._meta.fields_map.get(name)
        if type(column) is tortoise_fields.DatetimeField:
            out.append((name, to_camel(name), "time"))
        elif type(column) in AS_IS:
            out.append((name, to_camel(name), "plain"))
        else:
            return None
    return tuple(out)


def mask(value: Any, how: Mask | None) -> Any:
    if not isinstance(value, str) or not value:
        return value
    if how == "phone" and len(value) >= 7:
        return value[:3] + "****" + value[-4:]
    if how == "idcard" and len(value) >= 8:
        return value[:4] + "*" * (len(value) - 8) + value[-4:]
    if how == "name":
        return value[:1] + "*" * max(len(value) - 1, 1)
    return "*" * len(value)


def plain(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return fmt(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


# ---- the python type and the rules of each kind

PATTERNS = {"phone": r"^1\d{10}$", "idcard": r"^\d{17}[\dXx]$"}


def python_type(f: F) -> Any:
    kind = base_kind(f)
    if kind in ("id", "int", "uid", "money"):
        return int
    if kind in ("dict", "flag"):
        return Flag
    if kind == "datetime":
        return dt.datetime
    if kind == "date":
        return dt.date
    if kind == "richtext":
        return RichText
    if kind == "url":
        return WebAddress
    if kind == "idcard":
        return IdCardNumber
    if kind in ("lng", "lat"):
        return float
    return str


# The largest magnitude each integer column holds: a bound beyond it fails in PostgreSQL, not at the gate.
INT_COLUMNS = ((tortoise_fields.BigIntField, INT_MAX), (tortoise_fields.SmallIntField, 2**15 - 1),
               (tortoise_fields.IntField, 2**31 - 1))


def column_limits(model: type[Model], name: str) -> tuple[int | None, int | None]:
    """(the largest integer, the longest text) the column ``name`` of ``model`` holds, None where unbounded."""
    column = model._meta.fields_map.get(name)
    largest = next((bound for cls, bound in INT_COLUMNS if isinstance(column, cls)), None)
    return largest, getattr(column, "max_length", None) if isinstance(column, tortoise_fields.CharField) else None


def constraints(f: F, model: type[Model] | None = None) -> dict[str, Any]:
    """A field's rules as pydantic takes them: the declaration's, never beyond what its column holds, so that a
    value the gate lets through never fails in the database."""
    largest, longest = column_limits(model, f.name) if model is not None else (None, None)
    out: dict[str, Any] = {"title": f.label}
    registered = KINDS.get(f.kind)
    if registered is not None and registered.rules is not None:
        return out | registered.rules(f)
    kind = base_kind(f)
    if kind in ("id", "int", "uid", "money"):
        top = min(INT_MAX, largest or INT_MAX)
        out["ge"] = max(f.min if f.min is not None else (0 if kind != "int" else -top), -top)
        out["le"] = min(f.max if f.max is not None else top, top)
    elif kind in ("lng", "lat"):
        bound = 180 if kind == "lng" else 90
        out.update(ge=-bound, le=bound, allow_inf_nan=False)
    elif kind in ("dict", "flag"):
        out["max_length"] = min(f.max_length or 16, longest or 16)
        if f.dict_type:
            out["json_schema_extra"] = dict_valued(f.dict_type)
    elif kind not in ("datetime", "date"):
        default_length = {"richtext": 200_000, "images": 2000, "textarea": 2000}.get(kind, 255)
        out["max_length"] = min(f.max_length or default_length, longest or default_length)
        if f.required:
            out["min_length"] = 1
        if kind in PATTERNS:
            out["pattern"] = PATTERNS[kind]
    return out
