"""Short-lived keys with a time to live: a database table by default, Redis when configured.

Captcha answers, SMS codes, rate-limit counters and account lockouts live here, so that several
core_api nodes share them (the table is shared through PostgreSQL; Redis when ``CONSOLE_REDIS_URL``).
"""

from __future__ import annotations

import time
from typing import Protocol

from tortoise import connections

from core_api.platform.models import KvEntry
from core_api.platform.sql import placeholders


class KvStore(Protocol):
    async def get(self, key: str) -> str | None: ...
    async def set(self, key: str, value: str, ttl: float) -> None: ...
    async def add(self, key: str, value: str, ttl: float) -> bool:
        """Set only when the key is absent (or expired), in one atomic step: True when this call set it."""

    async def pop(self, key: str) -> str | None:
        """Read and delete in one step: a value can be taken once (single-use captcha and codes)."""

    async def delete(self, key: str) -> None: ...
    async def incr(self, key: str, ttl: float) -> int:
        """Add one; the window (ttl) starts with the first increment."""

    async def keys(self, prefix: str, limit: int = 1000) -> list[str]:
        """Live keys starting with ``prefix`` (for the cache screen)."""

    async def info(self) -> dict:
        """The store's figures for the cache screen: mode, dbSize, commandstats (and Redis INFO)."""

    async def close(self) -> None: ...


class DbKv:
    def __init__(self, clock=time.time) -> None:
        self._clock = clock
        self.calls: dict[str, int] = {}  # command statistics for the cache screen

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    async def get(self, key: str) -> str | None:
        self._count("get")
        row = await KvEntry.filter(key=key, expires_at__gt=self._clock()).values_list("value", flat=True)
        return row[0] if row else None  # type: ignore[return-value]

    async def set(self, key: str, value: str, ttl: float) -> None:
        self._count("set")
        conn = connections.get("default")
        p = placeholders(conn, 3)
        sql = (  # only placeholders are interpolated (S608 is off for this file)
            f"INSERT INTO sys_kv (key, value, expires_at) VALUES ({p[0]}, {p[1]}, {p[2]}) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at"
        )
        await conn.execute_query(sql, [key, value, self._clock() + float(ttl)])

    async def add(self, key: str, value: str, ttl: float) -> bool:
        self._count("add")
        now = self._clock()
        conn = connections.get("default")
        p = placeholders(conn, 4)
        # One statement: of two concurrent adds the second meets the first's row, live, and updates nothing.
        sql = (  # only placeholders are interpolated (S608 is off for this file)
            f"INSERT INTO sys_kv (key, value, expires_at) VALUES ({p[0]}, {p[1]}, {p[2]}) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at "
            f"WHERE sys_kv.expires_at <= {p[3]} RETURNING key"
        )
        return bool(await conn.execute_query_dict(sql, [key, value, now + float(ttl), now]))

    async def pop(self, key: str) -> str | None:
        self._count("pop")
        rows = await KvEntry.filter(key=key).values_list("value", "expires_at")
        if not rows:
            return None
        # The delete decides who took it: of two concurrent pops only one deletes the row.
        deleted = await KvEntry.filter(key=key).delete()
        value, expires_at = rows[0]
        return value if deleted and expires_at > self._clock() else None

    async def delete(self, key: str) -> None:
        self._count("delete")
        await KvEntry.filter(key=key).delete()

    async def incr(self, key: str, ttl: float) -> int:
        self._count("incr")
        now = self._clock()
        conn = connections.get("default")
        p = placeholders(conn, 4)
        # One statement, atomic on both engines: a missing or expired window restarts at 1.
        sql = (  # only placeholders are interpolated (S608 is off for this file)
            f"INSERT INTO sys_kv (key, value, expires_at) VALUES ({p[0]}, '1', {p[1]}) "
            "ON CONFLICT (key) DO UPDATE SET "
            f"value = CASE WHEN sys_kv.expires_at > {p[2]} "
            "THEN CAST(CAST(sys_kv.value AS INTEGER) + 1 AS TEXT) ELSE '1' END, "
            f"expires_at = CASE WHEN sys_kv.expires_at > {p[3]} THEN sys_kv.expires_at ELSE excluded.expires_at END "
            "RETURNING value"
        )
        rows = await conn.execute_query_dict(sql, [key, now + float(ttl), now, now])
        return int(rows[0]["value"])

    async def keys(self, prefix: str, limit: int = 1000) -> list[str]:
        qs = KvEntry.filter(key__startswith=prefix, expires_at__gt=self._clock())
        return list(await qs.order_by("key").limit(limit).values_list("key", flat=True))  # type: ignore[arg-type]

    async def info(self) -> dict:
        live = await KvEntry.filter(expires_at__gt=self._clock()).count()
        return {"mode": "database", "dbSize": live, "commandstats": dict(self.calls)}

    async def purge_expired(self) -> int:
        return await KvEntry.filter(expires_at__lte=self._clock()).delete()

    async def close(self) -> None:
        return None


class RedisKv:
    def __init__(self, url: str) -> None:
        from redis import asyncio as aioredis

        self._redis = aioredis.from_url(url, decode_responses=True)

    async def get(self, key: str) -> str | None:
        return await self._redis.get(key)  # type: ignore[return-value]  # decode_responses: str, typed bytes | str

    async def set(self, key: str, value: str, ttl: float) -> None:
        await self._redis.set(key, value, px=max(1, int(ttl * 1000)))

    async def add(self, key: str, value: str, ttl: float) -> bool:
        return bool(await self._redis.set(key, value, px=max(1, int(ttl * 1000)), nx=True))

    async def pop(self, key: str) -> str | None:
        return await self._redis.getdel(key)  # type: ignore[return-value]  # decode_responses: str, typed bytes | str

    async def delete(self, key: str) -> None:
        await self._redis.delete(key)

    async def incr(self, key: str, ttl: float) -> int:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.incr(key)
            pipe.pexpire(key, max(1, int(ttl * 1000)), nx=True)
            value, _ = await pipe.execute()
        return int(value)

    async def keys(self, prefix: str, limit: int = 1000) -> list[str]:
        out: list[str] = []
        async for key in self._redis.scan_iter(match=prefix.replace("*", "\\*") + "*", count=500):
            out.append(key)
            if len(out) >= limit:
                break
        return sorted(out)

    async def info(self) -> dict:
        info = await self._redis.info()
        stats = await self._redis.info("commandstats")
        return {"mode": "redis", "info": info, "dbSize": await self._redis.dbsize(), "commandstats": stats}

    async def close(self) -> None:
        await self._redis.aclose()
