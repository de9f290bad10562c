"""Password hashing: Argon2 for new hashes; RuoYi's ``$2a$`` bcrypt hashes verify and are upgraded.

The cost is pwdlib's default (Argon2id, 64 MiB, three passes, four lanes: ~0.3 s of CPU a sign-in on this
project's machines). ``CONSOLE_ARGON2_COST=light`` (tests only, refused in production) takes the smallest
Argon2id instead (1 MiB, one pass, one lane: under 1 ms): the suites sign in a thousand times a run, and a hash of
either cost is checked by the parameters it carries, the same way."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from pwdlib.hashers.bcrypt import BcryptHasher

if TYPE_CHECKING:
    from core_api.platform.settings import Settings

_STANDARD = PasswordHash((Argon2Hasher(), BcryptHasher()))
_LIGHT = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1), BcryptHasher()))
_hasher = _STANDARD


def configure(settings: Settings) -> None:
    """The process's hashing cost, from ``settings.argon2_cost`` (every process that hashes calls this)."""
    global _hasher  # noqa: PLW0603 - one cost per process, set at its start
    _hasher = _LIGHT if settings.argon2_cost == "light" else _STANDARD


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(password: str, hashed: str) -> tuple[bool, str | None]:
    """Returns (valid, new hash when the stored one should be upgraded)."""
    try:
        return await asyncio.to_thread(_hasher.verify_and_update, password, hashed)
    except Exception:  # an unknown or corrupt hash never signs anybody in
        return False, None
