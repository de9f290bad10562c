"""Configuration pages' wire shapes (core_api/platform/config_page.py): the metadata a page's form is drawn from,
the loaded object, its saved versions, a save's outcome, and the BFF's config page screen."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from core_api.platform.contract import Envelope
from core_api.platform.schema import INT32_MAX, Schema

ConfigFieldKind = Literal["text", "textarea", "richtext", "int", "money", "switch", "select", "lines", "url", "image",
                          "secret"]


class ConfigPageOption(Schema):
    value: str
    label: str


class ConfigPageField(Schema):
    name: str = Field(description="the field's name in the object (camelCase)")
    label: str
    kind: ConfigFieldKind
    required: bool
    secret: bool = Field(description="write-only: answered blank, a blank save keeps the stored one")
    help: str
    default: Any
    min: int | float | None
    max: int | float | None
    max_length: int | None
    options: list[ConfigPageOption] | None = Field(description="a select's choices")


class ConfigPageScope(Schema):
    name: str = Field(description="the selector's parameter: a query parameter of the fetch, a body field of the save")
    label: str
    options: list[ConfigPageOption] = Field(description="the first is the default")


class ConfigPageMeta(Schema):
    key: str
    title: str
    view: str
    perm: str = Field(description="the permission that reads and saves it")
    get: str = Field(description="the page's own fetch path")
    get_method: Literal["GET", "POST"]
    save: str = Field(description="the page's own save path")
    scope: ConfigPageScope | None = Field(description="one object per value of a selector")
    fields: list[ConfigPageField]


class ConfigPageMetaOut(Envelope):
    data: ConfigPageMeta


class ConfigPageObject(Schema):
    """A page's whole object (its fields by name beside these; secrets blank) with its version."""

    model_config = ConfigDict(extra="allow")
    version: int = Field(description="0: never saved (the defaults)")
    update_by: str
    update_time: str | None
    secrets_set: dict[str, bool] = Field(description="for each secret: whether one is stored")


class ConfigPageObjectOut(Envelope):
    data: ConfigPageObject


class ConfigPageHistoryEntry(Schema):
    version: int
    action: Literal["save", "restore"]
    restored_from: int | None
    saved_by: str
    saved_time: str
    changes: dict[str, list[Any]] = Field(description="each changed field: [before, after], secrets masked")


class ConfigPageHistoryOut(Envelope):
    data: list[ConfigPageHistoryEntry]


class ConfigPageSaved(Schema):
    version: int = Field(description="the page's version now")
    changed: bool = Field(description="false: the object was already so, no version was made")


class ConfigPageSavedOut(Envelope):
    data: ConfigPageSaved


class ConfigPageWrite(Schema):
    """A page's save: its whole object (the fields its metadata lists), the version it was loaded at and, on a
    scoped page, its selector; the page's own save validates it."""

    model_config = ConfigDict(extra="allow")
    version: int = Field(ge=0, le=INT32_MAX, title="版本", description="the version the operator loaded")


class ConfigPageRestoreWrite(Schema):
    """A restore: the version loaded, the version restored and, on a scoped page, its selector."""

    model_config = ConfigDict(extra="allow")
    version: int = Field(ge=0, le=INT32_MAX, title="版本")
    restore: int = Field(ge=1, le=INT32_MAX, title="恢复的版本")


class ConfigPageQuery(Schema):
    key: str = Field(..., pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,39}$", title="配置页面")
    scope: str | None = Field(None, max_length=40, pattern=r"^[A-Za-z0-9_-]+$", title="范围",
                              description="a scoped page's selector value (default: its first)")


class ConfigPageScreen(Schema):
    meta: ConfigPageMeta
    scope: str | None = Field(description="the selector value shown (null: the page is not scoped)")
    object: ConfigPageObject
    history: list[ConfigPageHistoryEntry] = Field(description="the saved versions, newest first (at most 50)")


class ConfigPageScreenOut(Envelope):
    data: ConfigPageScreen
