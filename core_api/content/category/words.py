"""The sensitive-word list as the chat applies it: one compiled pattern of the escaped words (never a user
string as a pattern), kept in memory and dropped when the words or their categories change.

Every write of ``common_sensitive_word`` or ``common_category`` ends in ``counts.changed`` (the resource
mechanism's history, or the sensitive-words call), whose ``table.changed`` broadcast reaches every node: the
list is then reloaded on its next use. A list older than ``MAX_AGE`` is reloaded anyway (a broadcast lost
while the broker was away). A matched word is masked with as many ``*`` as it has characters."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core_api.content.category.models import CommonCategory, SensitiveWord

TABLES = ("common_sensitive_word", "common_category")
MAX_AGE = 60.0
SENSITIVE, ACTIVE, ON_SHELF = "sensitive", "0", "1"


@dataclass(frozen=True)
class Hit:
    word: str
    category: str
    start: int


class Matcher:
    def __init__(self, words: dict[str, str]) -> None:
        self.categories = {w.casefold(): c for w, c in words.items()}
        # longest first: an alternation takes the first alternative that matches at a position
        ordered = sorted(self.categories, key=lambda w: (-len(w), w))
        self.pattern = re.compile("|".join(re.escape(w) for w in ordered), re.IGNORECASE) if ordered else None

    def __bool__(self) -> bool:
        return self.pattern is not None

    def scan(self, text: str) -> tuple[str, list[Hit]]:
        """(the text with every listed word masked, the hits in order)."""
        if self.pattern is None or not text:
            return text, []
        hits: list[Hit] = []

        def masked(m: re.Match[str]) -> str:
            hits.append(Hit(m.group(0), self.categories.get(m.group(0).casefold(), ""), m.start()))
            return "*" * len(m.group(0))

        return self.pattern.sub(masked, text), hits


async def load() -> Matcher:
    groups = dict(await CommonCategory.filter(kind=SENSITIVE, status=ACTIVE, shelf=ON_SHELF)
                  .values_list("id", "name"))
    rows = await SensitiveWord.filter(category_id__in=list(groups)).values_list("word", "category_id") if groups else []
    return Matcher({word: groups[cid] for word, cid in rows})


class WordList:
    """One node's copy of the list."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.generation = 0
        self.current: tuple[Matcher, float, int] | None = None

    def forget(self) -> None:
        self.generation += 1
        self.current = None

    async def on_table_changed(self, payload: dict[str, Any]) -> None:
        tables = payload.get("tables", [payload.get("table")])
        if isinstance(tables, list) and any(t in TABLES for t in tables):
            self.forget()

    async def matcher(self) -> Matcher:
        current = self.current
        if current is not None and current[2] == self.generation and self.clock() - current[1] < MAX_AGE:
            return current[0]
        generation, began = self.generation, self.clock()
        matcher = await load()
        if generation == self.generation:  # not changed while loading: keep it
            self.current = (matcher, began, generation)
        return matcher


def screen(matcher: Matcher, segments: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[tuple[Hit, str]]]:
    """The chat segments with listed words masked, and each distinct word hit with an excerpt around it."""
    if not matcher:
        return segments, []
    out: list[dict[str, Any]] = []
    found: dict[str, tuple[Hit, str]] = {}
    for segment in segments:
        segment = dict(segment)
        for key in ("txt", "text"):
            text = segment.get(key)
            if not isinstance(text, str) or not text:
                continue
            segment[key], hits = matcher.scan(text)
            for hit in hits:
                excerpt = text[max(0, hit.start - 100): hit.start + len(hit.word) + 100]
                found.setdefault(hit.word.casefold(), (hit, excerpt[:500]))
        out.append(segment)
    return out, list(found.values())


async def record_intercepts(app: Any, uid: int, scene: str, target: str, found: list[tuple[Hit, str]]) -> None:
    """What the chat intercepted, as WordsInterceptRecord rows (one per distinct word of a message)."""
    if not found:
        return
    from core_api.moderation.intercept.models import WordsIntercept
    from core_api.platform.counts import changed

    await WordsIntercept.bulk_create([
        WordsIntercept(uid=uid, word=hit.word[:64], category=hit.category[:64], content=excerpt, scene=scene,
                       target=target[:64], create_by="chat") for hit, excerpt in found])
    await changed(app, "words_intercept_record")
