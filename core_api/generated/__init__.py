"""Code made by the code generator (Tools > Code generator) lands here, one package per table:
``<module>_<business>/models.py`` and ``routes.py``, or below a package that groups them when the table's package
name (RuoYi's packageName) names one: ``<group>/<module>_<business>/``. The app finds them by themselves."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def packages() -> list[str]:
    """Every package here, those grouped below another included, by its dotted name below this one."""
    prefix = f"{__name__}."
    return sorted(info.name.removeprefix(prefix) for info in pkgutil.walk_packages(__path__, prefix) if info.ispkg)


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
