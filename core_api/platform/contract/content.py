"""Content answers: the category tree (core_api.content.category; the BFF's category levels screen relays it)."""

from __future__ import annotations

from pydantic import Field

from core_api.platform.contract import Envelope
from core_api.platform.schema import Schema


class CategoryNode(Schema):
    id: int
    parent_id: int = Field(description="0: a root")
    level: int
    kind: str = Field(description="biz_category_kind")
    name: str
    code: str
    icon: str
    sort: int
    status: str = Field(description="biz_category_status")
    word_count: int
    remark: str
    shelf: str
    create_time: str
    children: list[CategoryNode] | None = Field(None, description="two levels asked: the root's children, by sort")


class CategoryTreeOut(Envelope):
    data: list[CategoryNode]


class RichTextVersion(Schema):
    version: int
    title: str
    saved_by: str
    saved_time: str | None
    replaced_time: str | None = Field(description="when a later save replaced it")


class RichTextPage(Schema):
    """A rich text for editing; a fixed page (the user agreement) never saved yet is an empty version 0 without id."""

    id: int | None
    code: str
    title: str
    content: str = Field(description="sanitised HTML")
    sort: int | None = Field(None, description="absent on a fixed page never saved")
    shelf: str
    version: int
    create_time: str | None = Field(None, description="absent on a fixed page never saved")
    update_by: str
    update_time: str | None
    versions: list[RichTextVersion] = Field(description="the kept earlier versions, newest first")


class RichTextPageOut(Envelope):
    data: RichTextPage


class RichTextSaved(Schema):
    id: int
    version: int = Field(description="the version now current")
    changed: bool = Field(description="false: the content was the same, nothing saved")


class RichTextSavedOut(Envelope):
    data: RichTextSaved
