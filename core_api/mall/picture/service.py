"""What the picture library shares with other screens: the names of categories of one kind."""

from __future__ import annotations

from core_api.mall.goods.models import MallCategory


async def category_names(ids: list[int], kind: str) -> dict[int, str]:
    """id → name of the categories of ``kind`` among ``ids`` (those of another kind, or gone, are left out)."""
    wanted = sorted({int(i) for i in ids if i})
    if not wanted:
        return {}
    return dict(await MallCategory.filter(id__in=wanted, kind=kind).values_list("id", "name"))  # type: ignore[arg-type]
