"""Province names as the charts keep them: the short name the map of China uses (广东, 内蒙古, 香港)."""

from __future__ import annotations

# Longest first: 广西壮族自治区 loses 壮族自治区, not only 自治区.
SUFFIXES = ("维吾尔自治区", "壮族自治区", "回族自治区", "特别行政区", "自治区", "省", "市")


def short_province(name: str) -> str:
    """广东省 → 广东, 新疆维吾尔自治区 → 新疆, 北京市 → 北京; a name without a known suffix is kept as given."""
    text = name.strip()
    for suffix in SUFFIXES:
        if text.endswith(suffix) and len(text) > len(suffix) + 1:
            return text[: -len(suffix)]
    return text
