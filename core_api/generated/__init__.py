"""Code made by the code generator (Tools > Code generator) lands here, one package per table:
``<module>_<business>/models.py`` and ``routes.py``. The app finds them by themselves."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def packages() -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)


def modules(name: str) -> list[ModuleType]:
    """The ``name`` module (models or routes) of every generated package that has one."""
    out = []
    for package in packages():
        try:
            out.append(importlib.import_module(f"{__name__}.{package}.{name}"))
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{package}.{name}":
                raise
    return out
