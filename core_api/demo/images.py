"""The demo's pictures (issue 28 §1): a small fixed set per folder, drawn once with Pillow and written below
the local storage's root at ``demo/<folder>/<n>.<ext>``, so every picture address the demo modules store
(``/profile/demo/...``, through :func:`address`) answers through the console's file route.

The demo modules never invent a file name: a chat image, an identity photo or a shop's picture takes one of
the folder's few pictures (``address(folder, n)`` wraps ``n`` around the folder's count). The pictures are
drawn (a coloured card with a few shapes and its number), not downloaded, and the same every time;
``write`` only draws what is missing, so ``./ops/up`` (``demo --if-empty``) heals a storage that lost them.
With an object store (``CONSOLE_STORAGE_PROVIDER=s3``) the demo's addresses do not resolve: the demo is for
the local store.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

URL_PREFIX = "/profile/demo"


@dataclass(frozen=True)
class Folder:
    count: int
    size: tuple[int, int]
    ext: str = "jpg"


FOLDERS: dict[str, Folder] = {
    "carousel": Folder(4, (750, 300)),  # the home slides
    "integral": Folder(5, (300, 300)),  # points goods
    "picture": Folder(8, (300, 300)),  # the shops' picture libraries
    "chat": Folder(12, (240, 180)),  # chat images
    "release": Folder(12, (300, 300)),  # postings' pictures
    "idcard": Folder(6, (320, 200)),  # identity photos (front, back, hand)
    "group": Folder(12, (96, 96), "png"),  # group avatars
    "splash": Folder(1, (360, 640), "png"),  # the app's start page
}

PALETTE = ["#409EFF", "#67C23A", "#E6A23C", "#F56C6C", "#909399", "#7B61FF", "#13C2C2", "#EB2F96"]


def address(folder: str, n: int) -> str:
    """The stored address of the folder's picture for ``n`` (any int; wraps around the folder's count)."""
    spec = FOLDERS[folder]
    return f"{URL_PREFIX}/{folder}/{n % spec.count + 1}.{spec.ext}"


def addresses() -> list[str]:
    """Every address ``address`` can give."""
    return [address(folder, n) for folder, spec in FOLDERS.items() for n in range(spec.count)]


def draw(folder: str, number: int) -> bytes:
    """Picture ``number`` (from 1) of the folder: a card in one of the palette's colours, with shapes and
    its number, encoded as the folder's type."""
    from PIL import Image, ImageDraw

    spec = FOLDERS[folder]
    width, height = spec.size
    seed = sum(map(ord, folder)) + number
    colour = PALETTE[seed % len(PALETTE)]
    picture = Image.new("RGB", spec.size, colour)
    pen = ImageDraw.Draw(picture)
    for k in range(3):
        r = max(width, height) // (3 + k)
        x, y = (seed * 37 + k * width // 3) % width, (seed * 53 + k * height // 2) % height
        pen.ellipse((x - r, y - r, x + r, y + r), fill=PALETTE[(seed + k + 1) % len(PALETTE)])
    pen.rectangle((0, height - height // 5, width, height), fill="#ffffff")
    pen.text((8, height - height // 5 + 4), f"{folder} {number}", fill="#303133")
    out = io.BytesIO()
    picture.save(out, format="PNG" if spec.ext == "png" else "JPEG", quality=80)
    return out.getvalue()


def write(root: Path) -> int:
    """Draws the pictures missing below ``root`` (the local storage's root); how many it wrote."""
    written = 0
    for folder, spec in FOLDERS.items():
        for number in range(1, spec.count + 1):
            target = root / "demo" / folder / f"{number}.{spec.ext}"
            if target.is_file():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(draw(folder, number))
            written += 1
    return written
