"""The built-in emoji catalogue (about 140 entries) and the small images the app serves for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Twemoji images (© Twitter and contributors, CC-BY 4.0) copied by ops/vendor_emoji.py: an SVG that draws a
# font glyph shows an empty box wherever no emoji font is installed.
SVG_DIR = Path(__file__).with_name("emoji_svg")
_EMOJI = (
    "😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😗 😚 😙 😋 😛 😜 🤪 😝 🤑 🤗 🤭 🤫 🤔 🤐 🤨 😐 😑 😶 "
    "😏 😒 🙄 😬 🤥 😌 😔 😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🤧 🥵 🥶 🥴 😵 🤯 🤠 🥳 😎 🤓 🧐 😕 😟 🙁 😮 😯 😲 😳 🥺 😦 "
    "😧 😨 😰 😥 😢 😭 😱 😖 😣 😞 😓 😩 😫 🥱 😤 😡 😠 🤬 😈 👿 💀 💩 🤡 👹 👺 👻 👽 🤖 😺 😸 😹 😻 😼 😽 🙀 "
    "😿 😾 👋 🤚 👌 ✌ 🤞 👍 👎 👏 🙌 🙏 💪 ❤ 💔 💯 🔥 ⭐ 🌹 🎉 🎁 ☕ 🍺 🍰 ⚽ 💰 📦 🚚 ✅"
).split()
_TITLES = ["微笑", "大笑", "开心", "嘻嘻", "哈哈", "汗笑", "笑哭", "喜极而泣"]



def code_of(emoji: str) -> str:
    return f"{ord(emoji[0]):x}"


CATALOGUE: list[dict[str, Any]] = [
    {"id": i + 1, "type": "1", "title": _TITLES[i] if i < len(_TITLES) else f"表情{i + 1}",
     "icon": f"/chat/emoji/{code_of(e)}.svg", "emoji": e, "unified": f"U+{code_of(e)}"}
    for i, e in enumerate(_EMOJI)
]
BY_CHAR = {e["emoji"]: e for e in CATALOGUE}
BY_CODE = {code_of(e["emoji"]): e for e in CATALOGUE}


def svg(code: str) -> str | None:
    """The catalogue entry's image; None for a code outside the catalogue."""
    if code not in BY_CODE:
        return None
    return (SVG_DIR / f"{code}.svg").read_text()


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
