"""Who the caller is and what they may do: the principal, permission requirements and data scope."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from tortoise.expressions import Q

SUPER_ROLE = "admin"
ALL_PERMISSION = "*:*:*"
DEFAULT_ROLE = "ROLE_DEFAULT"
# Permissions a shop account never holds, whatever its roles say: writes of the platform's own records (categories,
# keywords, the carousel, turntables) and the operators' decisions over shops (review, onboarding, fee rates).
# Filled by the declarations (``Resource(operator_only=True)``) and the features at import.
OPERATOR_ONLY: set[str] = set()
# The platform's own screens (system, monitor, tools): their lists (every console user, the operation and sign-in
# logs of everyone, the sessions of everyone, the server, the code generator) have no shop scope, so a shop account
# holds none of their permissions whatever its roles say, and is shown none of their menus.
PLATFORM_ONLY_PREFIXES = ("system:", "monitor:", "tool:")


def shop_may_hold(perm: str) -> bool:
    """Whether a shop account keeps ``perm`` when one of its roles grants it."""
    return perm not in OPERATOR_ONLY and perm != ALL_PERMISSION and not perm.startswith(PLATFORM_ONLY_PREFIXES)


@dataclass(frozen=True, slots=True)
class DataScope:
    """The departments (and own records) a caller's roles open. ``all`` wins over everything."""

    all: bool = False
    dept_ids: frozenset[int] = frozenset()
    self_user_id: int | None = None
    # A shop account (a console user bound to one shop) sees only that shop's mall and order records, whatever
    # its roles say; None: an operator, who sees every shop's.
    shop_id: int | None = None

    def shop_filter(self, shop_field: str = "shop_id") -> Q | None:
        """An ORM filter for a shop's records ("own shop"); None for an operator."""
        return None if self.shop_id is None else _where(shop_field, self.shop_id)

    def allows_shop(self, shop_id: int | None) -> bool:
        return self.shop_id is None or shop_id == self.shop_id

    def user_filter(self, dept_field: str = "dept_id", user_field: str = "user_id") -> Q | None:
        """An ORM filter for records owned by users; None means no restriction."""
        if self.all:
            return None
        q = _where(f"{dept_field}__in", sorted(self.dept_ids)) if self.dept_ids else _where(dept_field, -1)
        if self.self_user_id is not None:
            q |= _where(user_field, self.self_user_id)
        return q

    def dept_filter(self, dept_field: str = "dept_id") -> Q | None:
        if self.all:
            return None
        return _where(f"{dept_field}__in", sorted(self.dept_ids)) if self.dept_ids else _where(dept_field, -1)

    def allows_dept(self, dept_id: int | None) -> bool:
        return self.all or (dept_id is not None and dept_id in self.dept_ids)

    def allows_user(self, user_id: int, dept_id: int | None) -> bool:
        return self.allows_dept(dept_id) or (self.self_user_id is not None and self.self_user_id == user_id)


@dataclass(frozen=True, slots=True)
class Authz:
    """What one user may do, loaded from roles and menus and cached per process."""

    user_id: int
    user_name: str
    dept_id: int | None
    dept_name: str
    roles: tuple[str, ...]
    role_ids: tuple[int, ...]
    permissions: frozenset[str]
    scope: DataScope
    is_admin: bool = False

    def has_permi(self, perm: str) -> bool:
        return ALL_PERMISSION in self.permissions or perm in self.permissions

    def has_role(self, role: str) -> bool:
        return SUPER_ROLE in self.roles or role in self.roles


@dataclass(frozen=True, slots=True)
class Principal:
    session_id: int
    token_hash: str
    authz: Authz

    @property
    def user_id(self) -> int:
        return self.authz.user_id

    @property
    def user_name(self) -> str:
        return self.authz.user_name


@dataclass(frozen=True, slots=True)
class Need:
    """A permission and/or role requirement in any-of or all-of form. An empty one never passes."""

    perms: tuple[str, ...] = ()
    perms_mode: Literal["any", "all"] = "any"
    roles: tuple[str, ...] = ()
    roles_mode: Literal["any", "all"] = "any"
    extra: dict[str, str] = field(default_factory=dict)
    # Any-of permissions known only once every feature is loaded (say, those of the declared screens with a field
    # of some kind), asked at each check, with what they are for (the API description).
    derived: Callable[[], tuple[str, ...]] | None = None
    derived_from: str = ""

    def all_perms(self) -> tuple[str, ...]:
        return (*self.perms, *self.derived()) if self.derived is not None else self.perms

    def allows(self, authz: Authz) -> bool:
        perms = self.all_perms()
        if not perms and not self.roles:
            return False
        if perms:
            check = all if self.perms_mode == "all" else any
            if not check(authz.has_permi(p) for p in perms):
                return False
        if self.roles:
            check = all if self.roles_mode == "all" else any
            if not check(authz.has_role(r) for r in self.roles):
                return False
        return True

    def describe(self) -> str:
        parts = []
        if self.perms:
            parts.append(f"{self.perms_mode} of permissions {', '.join(self.perms)}")
        if self.derived is not None:
            parts.append(f"or any permission of {self.derived_from}")
        if self.roles:
            parts.append(f"{self.roles_mode} of roles {', '.join(self.roles)}")
        return "; ".join(parts) or "nothing (always refused)"


def any_perm(*perms: str) -> Need:
    return Need(perms=perms, perms_mode="any")


def any_perm_of(perms: tuple[str, ...], derived: Callable[[], tuple[str, ...]], derived_from: str) -> Need:
    """Any of ``perms`` or of what ``derived`` answers when asked (at each check)."""
    return Need(perms=perms, perms_mode="any", derived=derived, derived_from=derived_from)


def all_perms(*perms: str) -> Need:
    return Need(perms=perms, perms_mode="all")


def any_role(*roles: str) -> Need:
    return Need(roles=roles, roles_mode="any")


def all_roles(*roles: str) -> Need:
    return Need(roles=roles, roles_mode="all")


def _where(field_name: str, value: Any) -> Q:
    """Q(field=value) for a field named at run time (a ** of a typed dict would be checked against Q's join_type)."""
    return Q(**{field_name: value})
