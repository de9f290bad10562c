"""Copies the chat catalogue's emoji images from the npm package @twemoji/svg into the core API.

    .venv/bin/python -m ops.vendor_emoji

Only the catalogue's ~140 images are kept (``core_api/messaging/chat/emoji_svg/``), each given a size so that
an ``<img>`` has natural dimensions. Run it again after changing the catalogue; the test suite fails while an
entry has no image.
"""

from __future__ import annotations

import subprocess
import tarfile
import tempfile
from pathlib import Path

from core_api.messaging.chat.emoji import CATALOGUE, SVG_DIR, code_of

PACKAGE = "@twemoji/svg@15.0.0"  # MIT packaging of jdecked's Twemoji graphics (CC-BY 4.0)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", PACKAGE, "--pack-destination", tmp, "--silent"], check=True)
        (archive,) = Path(tmp).glob("*.tgz")
        with tarfile.open(archive) as tar:
            SVG_DIR.mkdir(exist_ok=True)
            for entry in CATALOGUE:
                code = code_of(entry["emoji"])
                member = tar.extractfile(f"package/{code}.svg")
                if member is None:
                    raise SystemExit(f"{PACKAGE} has no image for {entry['emoji']} ({code})")
                text = member.read().decode()
                (SVG_DIR / f"{code}.svg").write_text(text.replace("<svg ", '<svg width="64" height="64" ', 1))
    print(f"{len(CATALOGUE)} images in {SVG_DIR}")


if __name__ == "__main__":
    main()
