"""Sign-in, sessions and the caller's permissions.

Sessions are opaque random tokens; only their SHA-256 is stored. Each request reads its session row
by that hash (so a logout or a forced logout takes effect at once on every node) and slides the
expiry at most once per touch interval. What a user may do (roles, permissions, data scope, the
getInfo record, the getRouters tree) is cached per process and dropped on every node by a broadcast
whenever users, roles, menus or departments change.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import functools
import hashlib
import hmac
import io
import logging
import secrets
import time
import uuid
from dataclasses import dataclass
from typing import Any

from tortoise.expressions import Q

from core_api.auth.models import UserSession
from core_api.platform.bus import InProcessBus, RabbitBus
from core_api.platform.client import ClientInfo
from core_api.platform.clock import Clock
from core_api.platform.envelope import MSG_OK, dumps
from core_api.platform.errors import ServiceError
from core_api.platform.kv import KvStore
from core_api.platform.passwords import hash_password, verify_password
from core_api.platform.schema import english
from core_api.platform.security import (
    ALL_PERMISSION,
    SUPER_ROLE,
    Authz,
    DataScope,
    Principal,
    shop_may_hold,
)
from core_api.platform.settings import Settings
from core_api.system.config.service import CAPTCHA_KEY, ConfigService
from core_api.system.dept.models import SysDept
from core_api.system.menu.models import SysMenu
from core_api.system.menu.service import build_routers, child_tree, granted_menu_rows
from core_api.system.role.models import SysRoleDept, SysRoleMenu
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser
from core_api.system.user.service import load_user, user_view

log = logging.getLogger("console.auth")

AUTHZ_CHANGED = "authz.changed"
SESSION_ENDED = "session.ended"  # every node closes that session's chat sockets
LOGIN_EVENT = "auth.login"
CAPTCHA_TTL = 120
MSG_BAD_CREDENTIALS = "用户不存在/密码错误"
PAIR_PREFIX = "pwd_err:"  # wrong passwords of one user name from one address: locks the pair
NAME_PREFIX = "pwd_slow:"  # wrong passwords of one user name from any address: slows it down
CHANGE_PREFIX = "pwd_change_err:"  # wrong old passwords in updatePwd: locks the change
REENTER_PREFIX = "pwd_reenter_err:"  # wrong passwords re-entered for a sensitive action: locks every re-entry


@dataclass
class CachedSession:
    session_id: int
    user_id: int
    expires_at: float
    last_seen: float
    read_at: float  # monotonic: when the row was read


@dataclass
class CachedUser:
    authz: Authz
    info: dict[str, Any]  # the getInfo ``user`` record
    loaded_at: float
    # getInfo's answer as bytes on either side of the session's chat token: made once per load of the user
    info_body: tuple[bytes, bytes] | None = None


@functools.lru_cache(maxsize=4096)
def token_hash(token: str) -> str:
    """The session row's key of a token (SHA-256): hashed once per token while it is in use on this node."""
    return hashlib.sha256(token.encode()).hexdigest()


@functools.lru_cache(maxsize=4096)
def _chat_mac(secret: bytes, session_id: int) -> str:
    return hmac.new(secret, f"im:{session_id}".encode(), hashlib.sha256).hexdigest()[:40]


class AuthService:
    def __init__(
        self, settings: Settings, kv: KvStore, clock: Clock, bus: InProcessBus | RabbitBus, config: ConfigService
    ) -> None:
        self.settings = settings
        self.kv = kv
        self.clock = clock
        self.bus = bus
        self.config = config
        self.timeout = settings.session_timeout_seconds
        self.touch_interval = min(60.0, self.timeout / 10)
        self._users: dict[int, CachedUser] = {}
        self._routers: dict[tuple[int, ...] | str, tuple[list[dict[str, Any]], bytes]] = {}
        self._subtrees: dict[int, list[int]] = {}
        self.cache_ttl = 300.0
        # Sessions read by token, kept a moment: a busy screen sends many calls a second with one token, and
        # the lookup was a query per call. An ended session leaves every node's memory by the SESSION_ENDED
        # broadcast (and this node's at once); a broadcast lost while the broker was away is bounded by the TTL.
        self._sessions: dict[str, CachedSession] = {}
        self.session_cache_ttl = 2.0
        bus.on_broadcast(AUTHZ_CHANGED, self._on_authz_changed)
        bus.on_broadcast(SESSION_ENDED, self._on_session_ended)

    # ---- caches ---------------------------------------------------------------------------------

    async def _on_authz_changed(self, _payload: dict[str, Any]) -> None:
        self._users.clear()
        self._routers.clear()
        self._subtrees.clear()

    async def _on_session_ended(self, payload: dict[str, Any]) -> None:
        self._forget_sessions(payload.get("sessionIds") or [])

    def _forget_sessions(self, session_ids: list[int]) -> None:
        ended = set(session_ids)
        if ended:
            for digest in [d for d, c in self._sessions.items() if c.session_id in ended]:
                del self._sessions[digest]

    async def dept_subtree(self, dept_id: int) -> list[int]:
        """A department and every department below it (cached; departments change rarely)."""
        if dept_id not in self._subtrees:
            below = SysDept.filter(Q(ancestors__endswith=f",{dept_id}") | Q(ancestors__contains=f",{dept_id},"))
            self._subtrees[dept_id] = [dept_id, *await below.values_list("dept_id", flat=True)]  # type: ignore[list-item]
        return self._subtrees[dept_id]

    def snapshot(self) -> dict[str, Any]:
        """The cached users by id, with their role keys and number of permissions (cache screen)."""
        return {str(uid): {"userName": c.authz.user_name, "roles": list(c.authz.roles),
                           "permissions": len(c.authz.permissions)} for uid, c in self._users.items()}

    async def authz_changed(self) -> None:
        """Call after a write to users, roles, menus or departments."""
        await self._on_authz_changed({})
        await self.bus.broadcast(AUTHZ_CHANGED, {})

    async def cached_user(self, user_id: int) -> CachedUser | None:
        entry = self._users.get(user_id)
        now = time.monotonic()
        if entry is None or now - entry.loaded_at > self.cache_ttl:
            entry = await self._load_user(user_id, now)
            if entry is None:
                self._users.pop(user_id, None)
                return None
            self._users[user_id] = entry
        return entry

    async def _load_user(self, user_id: int, now: float) -> CachedUser | None:
        loaded = await load_user(user_id)
        if loaded is None:
            return None
        user, dept, roles = loaded
        if user["status"] != "0" or user["del_flag"] != "0":
            return None
        active = [r for r in roles if r["status"] == "0"]
        # The super administrator, and whoever holds its role (RuoYi's "admin"), may do everything; a shop
        # account stays bound to its shop whatever its roles say.
        is_admin = user_id == SUPER_ADMIN_ID or (
            user.get("shop_id") is None and any(r["role_key"] == SUPER_ROLE for r in active))
        role_ids = tuple(r["role_id"] for r in active)
        if is_admin:
            role_keys: tuple[str, ...] = (SUPER_ROLE,)
            perms = frozenset({ALL_PERMISSION})
        else:
            role_keys = tuple(r["role_key"] for r in active)
            perms = await self._permissions(role_ids)
        scope = await self._data_scope(user_id, user["dept_id"], active, is_admin)
        if user.get("shop_id") is not None and not is_admin:  # a shop account: its own shop, whatever its roles
            scope = dataclasses.replace(scope, shop_id=user["shop_id"])
            perms = frozenset(p for p in perms if shop_may_hold(p))
        authz = Authz(
            user_id=user_id,
            user_name=user["user_name"],
            dept_id=user["dept_id"],
            dept_name=dept["dept_name"] if dept else "",
            roles=role_keys,
            role_ids=role_ids,
            permissions=perms,
            scope=scope,
            is_admin=is_admin,
        )
        return CachedUser(authz=authz, info=user_view(user, dept, roles), loaded_at=now)

    @staticmethod
    async def _permissions(role_ids: tuple[int, ...]) -> frozenset[str]:
        if not role_ids:
            return frozenset()
        menu_ids = await SysRoleMenu.filter(role_id__in=list(role_ids)).values_list("menu_id", flat=True)
        perms = await SysMenu.filter(menu_id__in=list(menu_ids), status="0").values_list("perms", flat=True)
        out: set[str] = set()
        for p in perms:
            out.update(x.strip() for x in (p or "").split(",") if x.strip())  # type: ignore[union-attr]
        return frozenset(out)

    @staticmethod
    async def _data_scope(
        user_id: int, dept_id: int | None, roles: list[dict[str, Any]], is_admin: bool
    ) -> DataScope:
        if is_admin or any(r["data_scope"] == "1" for r in roles):
            return DataScope(all=True)
        depts: set[int] = set()
        self_only: int | None = None
        for role in roles:
            scope = role["data_scope"]
            if scope == "2":
                depts.update(await SysRoleDept.filter(role_id=role["role_id"]).values_list("dept_id", flat=True))  # type: ignore[arg-type]
            elif scope == "3" and dept_id is not None:
                depts.add(dept_id)
            elif scope == "4" and dept_id is not None:
                depts.add(dept_id)
                below = SysDept.filter(
                    Q(ancestors__endswith=f",{dept_id}") | Q(ancestors__contains=f",{dept_id},"), del_flag="0"
                )
                depts.update(await below.values_list("dept_id", flat=True))  # type: ignore[arg-type]
            elif scope == "5":
                self_only = user_id
        return DataScope(all=False, dept_ids=frozenset(depts), self_user_id=self_only)

    async def routers(self, authz: Authz) -> list[dict[str, Any]]:
        return (await self._routers_of(authz))[0]

    async def routers_body(self, authz: Authz) -> bytes:
        """The getRouters answer, encoded once per role set (dropped with the tree by the change broadcast)."""
        return (await self._routers_of(authz))[1]

    async def _routers_of(self, authz: Authz) -> tuple[list[dict[str, Any]], bytes]:
        # a shop account's menus leave out the screens it may not use (security.shop_may_hold): a key of their own
        key: Any = "admin" if authz.is_admin else authz.role_ids if authz.scope.shop_id is None else ("shop",
                                                                                                      authz.role_ids)
        if key not in self._routers:
            tree = build_routers(child_tree(await granted_menu_rows(authz)))
            self._routers[key] = (tree, dumps({"code": 200, "msg": MSG_OK, "data": tree}))
        return self._routers[key]

    # ---- sessions -------------------------------------------------------------------------------

    async def principal_for_token(self, token: str) -> Principal | None:
        if len(token) > 200:
            return None
        digest = token_hash(token)
        session = await self._session(digest)
        if session is None:
            return None
        now = self.clock.time()
        if session.expires_at <= now:  # as kept: another node may have extended it since, so read it again
            session = await self._session(digest, fresh=True)
            if session is None:
                return None
        if session.expires_at <= now:
            self._sessions.pop(digest, None)
            await UserSession.filter(id=session.session_id).delete()
            return None
        if now - session.last_seen >= self.touch_interval:
            await UserSession.filter(id=session.session_id).update(last_seen=now, expires_at=now + self.timeout)
            session.last_seen, session.expires_at = now, now + self.timeout
        cached = await self.cached_user(session.user_id)
        if cached is None:  # disabled or deleted since sign-in
            self._sessions.pop(digest, None)
            await UserSession.filter(id=session.session_id).delete()
            return None
        return Principal(session_id=session.session_id, token_hash=digest, authz=cached.authz)

    async def _session(self, digest: str, fresh: bool = False) -> CachedSession | None:
        """The session row of a token hash: read at most once per ``session_cache_ttl`` per node."""
        entry = self._sessions.get(digest)
        now = time.monotonic()
        if entry is not None and not fresh and now - entry.read_at <= self.session_cache_ttl:
            return entry
        rows = await UserSession.filter(token_hash=digest).values_list("id", "user_id", "expires_at", "last_seen")
        if not rows:
            self._sessions.pop(digest, None)
            return None
        session_id, user_id, expires_at, last_seen = rows[0]
        if len(self._sessions) >= 10_000:  # many one-off tokens: start again rather than grow
            self._sessions.clear()
        entry = self._sessions[digest] = CachedSession(session_id, user_id, expires_at, last_seen, now)
        return entry

    async def principal_for_session(self, session_id: int) -> Principal | None:
        """The principal of a live session found by its id (pages that carry a session id, not a token)."""
        rows = await UserSession.filter(id=session_id, expires_at__gt=self.clock.time()).values_list(
            "user_id", "token_hash")
        if not rows:
            return None
        cached = await self.cached_user(rows[0][0])
        return Principal(session_id=session_id, token_hash=rows[0][1], authz=cached.authz) if cached else None

    async def open_session(self, user: SysUser, dept_name: str, client: ClientInfo) -> tuple[str, int]:
        token = secrets.token_urlsafe(32)
        now = self.clock.time()
        session = await UserSession.create(
            token_hash=token_hash(token),
            user_id=user.user_id,
            user_name=user.user_name,
            dept_name=dept_name,
            ipaddr=client.ip,
            login_location=client.location,
            browser=client.browser,
            os=client.os,
            login_time=self.clock.now(),
            last_seen=now,
            expires_at=now + self.timeout,
        )
        return token, session.id

    async def end_sessions(self, session_ids: list[int]) -> int:
        ended = await UserSession.filter(id__in=session_ids).delete()
        self._forget_sessions(session_ids)
        if session_ids:
            await self.bus.broadcast(SESSION_ENDED, {"sessionIds": list(session_ids)})
        return ended

    async def end_session(self, session_id: int) -> None:
        await self.end_sessions([session_id])

    async def end_user_sessions(self, user_id: int, keep_session_id: int | None = None) -> int:
        qs = UserSession.filter(user_id=user_id)
        if keep_session_id is not None:
            qs = qs.exclude(id=keep_session_id)
        return await self.end_sessions(list(await qs.values_list("id", flat=True)))  # type: ignore[arg-type]

    def chat_token(self, session_id: int) -> str:
        """The chat token (tokenIm) of a session: valid exactly as long as the session is."""
        return f"{session_id}.{_chat_mac(self.settings.secret, session_id)}"

    async def session_for_chat_token(self, chat_token: str) -> int | None:
        sid, _, mac = chat_token.partition(".")
        if not sid.isdigit() or not hmac.compare_digest(self.chat_token(int(sid)), chat_token):
            return None
        alive = await UserSession.filter(id=int(sid), expires_at__gt=self.clock.time()).exists()
        return int(sid) if alive else None

    # ---- captcha --------------------------------------------------------------------------------

    async def captcha_enabled(self) -> bool:
        if self.settings.env == "production":  # whatever the row holds (seeded, imported, edited by hand)
            return True
        if self.settings.captcha_enabled is not None:
            return self.settings.captcha_enabled
        return await self.config.flag(CAPTCHA_KEY, default=True)

    async def new_captcha(self) -> tuple[str, str]:
        """A math captcha: returns (uuid, bare base64 PNG). The answer lives two minutes."""
        a, b = secrets.randbelow(9) + 1, secrets.randbelow(9) + 1
        op = "+-*"[secrets.randbelow(3)]
        if op == "-" and a < b:
            a, b = b, a
        answer = {"+": a + b, "-": a - b, "*": a * b}[op]
        ident = uuid.uuid4().hex
        await self.kv.set(f"captcha:{ident}", str(answer), CAPTCHA_TTL)
        return ident, render_captcha(f"{a}{'x' if op == '*' else op}{b}=?")

    async def check_captcha(self, code: str | None, ident: str | None) -> None:
        if not ident or len(ident) > 64:
            raise ServiceError("验证码已失效")
        answer = await self.kv.pop(f"captcha:{ident}")
        if answer is None:
            raise ServiceError("验证码已失效")
        if (code or "").strip() != answer:
            raise ServiceError("验证码错误")

    # ---- password attempts ----------------------------------------------------------------------
    # A lock is per (user name, client address), so that a stranger's wrong passwords lock only the
    # stranger; across addresses the user name is slowed down (see ``slow_down``), never locked.

    @staticmethod
    def _pair_key(user_name: str, ip: str) -> str:
        return f"{PAIR_PREFIX}{user_name}@{ip}"  # an address never holds "@": the last one splits

    @staticmethod
    def _name_key(user_name: str) -> str:
        return f"{NAME_PREFIX}{user_name}"

    @property
    def lock_seconds(self) -> int:
        return self.settings.login_lock_minutes * 60

    async def password_locked(self, user_name: str, ip: str) -> bool:
        value = await self.kv.get(self._pair_key(user_name, ip))
        return int(value or 0) >= self.settings.login_max_retries

    async def record_failed_password(self, user_name: str, ip: str) -> int:
        """Counts a wrong password for the pair and for the user name; returns the pair's count."""
        await self.kv.incr(self._name_key(user_name), self.lock_seconds)
        return await self.kv.incr(self._pair_key(user_name, ip), self.lock_seconds)

    async def slow_down(self, user_name: str) -> None:
        """Once a user name has had as many wrong passwords (from any address) as lock a pair, every
        further attempt on it waits, right password or wrong, the wait doubling with each failure:
        guessing from many addresses gets slow, and the owner still signs in."""
        failures = int(await self.kv.get(self._name_key(user_name)) or 0)
        over = failures - self.settings.login_max_retries
        if over >= 0 and self.settings.login_delay_ms:
            delay_ms = min(self.settings.login_delay_max_ms, self.settings.login_delay_ms * 2 ** min(over, 20))
            await asyncio.sleep(delay_ms / 1000)

    async def clear_failed_password(self, user_name: str, ip: str) -> None:
        await self.kv.delete(self._pair_key(user_name, ip))

    async def clear_failed_passwords(self, user_name: str) -> None:
        """Unlocks a user name everywhere (Login log > unlock): every pair, the slow-down, updatePwd."""
        for key in await self.kv.keys(f"{PAIR_PREFIX}{user_name}@"):
            if key.rpartition("@")[0] == f"{PAIR_PREFIX}{user_name}":
                await self.kv.delete(key)
        await self.kv.delete(self._name_key(user_name))
        await self.kv.delete(self._change_key(user_name))
        await self.kv.delete(self._reenter_key(user_name))

    def lock_message(self) -> str:
        return f"密码输入错误{self.settings.login_max_retries}次，帐户锁定{self.settings.login_lock_minutes}分钟"

    # A signed-in caller changing their password proves the old one: the same limits, counted per user
    # (a stolen session can change address), locking only the change, never the sign-in.

    @staticmethod
    def _change_key(user_name: str) -> str:
        return f"{CHANGE_PREFIX}{user_name}"

    async def check_old_password(self, user: SysUser, password: str) -> None:
        key = self._change_key(user.user_name)
        if int(await self.kv.get(key) or 0) >= self.settings.login_max_retries:
            raise ServiceError(self.change_lock_message())
        valid, _ = await verify_password(password, user.password)
        if valid:
            await self.kv.delete(key)
            return
        if await self.kv.incr(key, self.lock_seconds) >= self.settings.login_max_retries:
            raise ServiceError(self.change_lock_message())
        raise ServiceError("修改密码失败，旧密码错误")

    def change_lock_message(self) -> str:
        return (f"旧密码输入错误{self.settings.login_max_retries}次，"
                f"修改密码已锁定{self.settings.login_lock_minutes}分钟")

    # A sensitive action (a large payout, a large refund) asks the signed-in operator for their password again:
    # the same limits once more, counted per operator over every such action, locking the re-entry only.

    @staticmethod
    def _reenter_key(user_name: str) -> str:
        return f"{REENTER_PREFIX}{user_name}"

    async def check_reentered_password(self, principal: Principal, password: str | None, doing: str) -> None:
        """The one check of a re-entered password; every refusal is 428, the answer that asks for it."""
        if not password:
            raise ServiceError(f"大额{doing}需要重新输入登录密码", 428)
        key = self._reenter_key(principal.user_name)
        if int(await self.kv.get(key) or 0) >= self.settings.login_max_retries:
            raise ServiceError(self.reenter_lock_message(), 428)
        hashed = await SysUser.filter(user_id=principal.user_id).values_list("password", flat=True)
        valid, _ = await verify_password(password, str(hashed[0])) if hashed else (False, None)
        if valid:
            await self.kv.delete(key)
            return
        failures = await self.kv.incr(key, self.lock_seconds)
        if failures >= self.settings.login_max_retries:
            raise ServiceError(self.reenter_lock_message(), 428)
        left = self.settings.login_max_retries - failures
        raise ServiceError(f"登录密码不正确，密码输入错误{failures}次，再错{left}次将锁定"
                           f"{self.settings.login_lock_minutes}分钟", 428)

    def reenter_lock_message(self) -> str:
        return (f"密码输入错误{self.settings.login_max_retries}次，已锁定，"
                f"请{self.settings.login_lock_minutes}分钟后再试")

    async def ip_allowed(self, ip: str) -> bool:
        count = await self.kv.incr(f"login_ip:{ip}", self.settings.login_ip_window_seconds)
        return count <= self.settings.login_ip_limit

    async def ip_blacklisted(self, ip: str) -> bool:
        raw = await self.config.get("sys.login.blackIPList") or ""
        return any(_ip_matches(ip, rule.strip()) for rule in raw.split(";") if rule.strip())

    async def publish_login(self, user_name: str, client: ClientInfo, ok: bool, msg: str, user_id: int | None) -> None:
        await self.bus.publish(
            LOGIN_EVENT,
            {
                "eventId": uuid.uuid4().hex,
                "userName": user_name[:50],
                "userId": user_id,
                "ipaddr": client.ip,
                "loginLocation": client.location,
                "browser": client.browser,
                "os": client.os,
                "status": "0" if ok else "1",
                "msg": msg[:255],
                "loginTime": self.clock.time(),
            },
        )

    async def check_password(self, user: SysUser | None, password: str) -> bool:
        """Verifies a real hash, or a dummy one when there is no user: both take the same time, so the
        answer's timing does not tell whether a user name exists."""
        if user is None:
            await verify_password(password, await _dummy_hash())
            return False
        valid, upgraded = await verify_password(password, user.password)
        if valid and upgraded:
            await SysUser.filter(user_id=user.user_id).update(password=upgraded)
        return valid

    async def hash(self, password: str) -> str:
        return await hash_password(password)


_dummy: str | None = None


async def _dummy_hash() -> str:
    """A hash of a random password made by the current hasher (same cost as users' hashes)."""
    global _dummy
    if _dummy is None:
        _dummy = await hash_password(secrets.token_urlsafe(16))
    return _dummy


def _ip_matches(ip: str, rule: str) -> bool:
    import ipaddress

    try:
        if "/" in rule:
            return ipaddress.ip_address(ip) in ipaddress.ip_network(rule, strict=False)
        if "*" in rule:
            import fnmatch

            return fnmatch.fnmatch(ip, rule)
        return ip == rule
    except ValueError:
        return False


_captcha_image = None


def render_captcha(text: str) -> str:
    global _captcha_image
    if _captcha_image is None:
        from captcha.image import ImageCaptcha

        _captcha_image = ImageCaptcha(width=160, height=60, font_sizes=(36, 40, 44))
    buf = io.BytesIO()
    _captcha_image.generate_image(text).save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "验证码已失效": "The captcha has expired",
    "验证码错误": "The captcha is wrong",
    "修改密码失败，旧密码错误": "Changing the password failed: the old password is wrong",
    "大额{doing}需要重新输入登录密码": "A large {doing} needs your sign-in password again",
    "登录密码不正确，密码输入错误{failures}次，再错{left}次将锁定{minutes}分钟":
        "Wrong sign-in password: {failures} failed attempts, {left} more and it is locked for {minutes} minutes",
    "用户不存在/密码错误": "The user does not exist or the password is wrong",
    "密码输入错误{n}次，帐户锁定{minutes}分钟": "Wrong password {n} times: the account is locked for {minutes} minutes",
    "旧密码输入错误{n}次，修改密码已锁定{minutes}分钟":
        "Wrong old password {n} times: changing the password is locked for {minutes} minutes",
    "密码输入错误{n}次，已锁定，请{minutes}分钟后再试":
        "Wrong password {n} times: locked, try again in {minutes} minutes",
}, words={
    "打款": "pay out",
    "退款": "refund",
})
