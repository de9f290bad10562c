"""The built-in emoji catalogue (about 140 entries) and the small images the app serves for them."""

from __future__ import annotations

import html
from typing import Any

_EMOJI = (
    "😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😗 😚 😙 😋 😛 😜 🤪 😝 🤑 🤗 🤭 🤫 🤔 🤐 🤨 😐 😑 😶 "
    "😏 😒 🙄 😬 🤥 😌 😔 😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🤧 🥵 🥶 🥴 😵 🤯 🤠 🥳 😎 🤓 🧐 😕 😟 🙁 😮 😯 😲 😳 🥺 😦 "
    "😧 😨 😰 😥 😢 😭 😱 😖 😣 😞 😓 😩 😫 🥱 😤 😡 😠 🤬 😈 👿 💀 💩 🤡 👹 👺 👻 👽 🤖 😺 😸 😹 😻 😼 😽 🙀 "
    "😿 😾 👋 🤚 👌 ✌ 🤞 👍 👎 👏 🙌 🙏 💪 ❤ 💔 💯 🔥 ⭐ 🌹 🎉 🎁 ☕ 🍺 🍰 ⚽ 💰 📦 🚚 ✅"
).split()
_TITLES = ["微笑", "大笑", "开心", "嘻嘻", "哈哈", "汗笑", "笑哭", "喜极而泣"]

CATALOGUE: list[dict[str, Any]] = [
    {"id": i + 1, "type": "1", "title": _TITLES[i] if i < len(_TITLES) else f"表情{i + 1}",
     "icon": f"/chat/emoji/{ord(e[0]):x}.svg", "emoji": e, "unified": f"U+{ord(e[0]):x}"}
    for i, e in enumerate(_EMOJI)
]
BY_CHAR = {e["emoji"]: e for e in CATALOGUE}
BY_CODE = {f"{ord(e['emoji'][0]):x}": e for e in CATALOGUE}


def svg(code: str) -> str | None:
    entry = BY_CODE.get(code)
    if entry is None:
        return None
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
            f'<text x="32" y="50" font-size="48" text-anchor="middle">{html.escape(entry["emoji"])}</text></svg>')


def segments_of(text: str) -> list[dict[str, str]]:
    """Outgoing text as segments: an emoji with a known icon becomes an image, the rest text."""
    out: list[dict[str, str]] = []
    buffer = ""
    for ch in text:
        entry = BY_CHAR.get(ch)
        if entry is None:
            buffer += ch
            continue
        if buffer:
            out.append({"type": "txt", "txt": buffer})
            buffer = ""
        out.append({"type": "img", "url": entry["icon"], "txt": ch})
    if buffer:
        out.append({"type": "txt", "txt": buffer})
    return out
