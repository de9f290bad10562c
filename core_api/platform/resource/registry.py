"""What the package keeps for the whole process: the declared resources, and the hooks features set at start for
the app users the platform cannot resolve itself (the field kinds features bring are in kinds.py). Each is one
object: features append to the name they import from ``core_api.platform.resource``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from tortoise.models import Model

if TYPE_CHECKING:
    from core_api.platform.resource.declaration import Resource

# The declared resources by name: declaring one adds it (two of one name are refused).
REGISTRY: dict[str, Resource] = {}

# Where a uid must exist: (model, column), set by core_api.partner (the platform knows no app users).
PARTNER_USERS: list[tuple[type[Model], str]] = []
# The check of the app user a feed acts for (``Partner.actor``): refuses a frozen or unusable one; set likewise.
PARTNER_ACTING: list[Callable[[int], Awaitable[None]]] = []
