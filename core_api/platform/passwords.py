"""Password hashing: Argon2 for new hashes; RuoYi's ``$2a$`` bcrypt hashes verify and are upgraded."""

from __future__ import annotations

import asyncio

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from pwdlib.hashers.bcrypt import BcryptHasher

_hasher = PasswordHash((Argon2Hasher(), BcryptHasher()))


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(password: str, hashed: str) -> tuple[bool, str | None]:
    """Returns (valid, new hash when the stored one should be upgraded)."""
    try:
        return await asyncio.to_thread(_hasher.verify_and_update, password, hashed)
    except Exception:  # an unknown or corrupt hash never signs anybody in
        return False, None
