"""Calls to addresses operators set at run time (the app server's webhook parameter, the alarm channel): never to
this machine, its networks or a reserved address (server-side request forgery).

An address is refused unless it is http(s) to a public host, or ``CONSOLE_OUTBOUND_ALLOW`` (comma-separated host
names and networks, ``hooks.internal,10.1.0.0/16,127.0.0.1``) lists its host or network:

- when it is saved (``refusal``): the address as written, every numeric form of IPv4 included (``127.1``,
  ``0x7f000001``, ``2130706433``, ``017700000001``), IPv6 and IPv4-mapped IPv6, and ``localhost``;
- when connecting (``post``): the literal again, and each address the name resolves to (a resolver that drops
  the internal ones), so that a name re-pointed after the save (DNS rebinding) cannot pass. No redirect is
  followed (it would lead past the check).

Every failure to reach the address (refused here, no route, closed port, timeout, TLS) is the same
``Unreachable`` for the operator, so that the console cannot be used to map which internal ports are open; the
detail goes to the log. Addresses from the deployment's environment (``CONSOLE_*_URL``: wallet, SMS, maps,
supply chain, ``CONSOLE_APP_WEBHOOK_URL``) are the choice of whoever runs the servers and are not checked.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import re
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from yarl import URL

log = logging.getLogger("console.outbound")
IP = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
HOST_CHARS = re.compile(r"^[A-Za-z0-9._:%\-\[\]]+$")


class Unreachable(Exception):
    """The address could not be reached (or may not be): one reason for the operator, whatever happened."""


@dataclass(frozen=True)
class Allow:
    names: frozenset[str]
    networks: tuple[Network, ...]

    def has(self, host: str, ip: IP | None) -> bool:
        return _name(host) in self.names or (ip is not None and any(ip in n for n in self.networks))


@functools.cache
def allow_list(text: str) -> Allow:
    """``CONSOLE_OUTBOUND_ALLOW`` read: each entry a network (an address is its own /32 or /128) or a host name."""
    names: set[str] = set()
    networks: list[Network] = []
    for entry in (e.strip() for e in text.split(",")):
        if not entry:
            continue
        try:
            networks.append(ipaddress.ip_network(entry.strip("[]"), strict=False))
        except ValueError:
            names.add(_name(entry))
    return Allow(frozenset(names), tuple(networks))


def _name(host: str) -> str:
    return host.strip().lower().rstrip(".")


def literal_ip(host: str) -> IP | None:
    """The address a host names by itself: IPv6, or IPv4 in any form the resolver takes (``127.1``, ``0x7f000001``,
    ``2130706433``, octal ``017700000001``); None for a name."""
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


def internal(ip: IP) -> bool:
    """Loopback, private, link-local (cloud metadata), shared, reserved, multicast, unspecified, documentation...:
    anything but a public unicast address; IPv6 forms embedding an IPv4 address are judged by it."""
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is not None:
            return internal(embedded)
    return (not ip.is_global or ip.is_multicast or ip.is_unspecified or ip.is_reserved or ip.is_loopback
            or ip.is_link_local or ip.is_private)


def refusal(url: str, label: str, allow: Allow, *, names: bool = True) -> str | None:
    """Why ``url`` may not be called (a zh-CN message naming the field), or None. ``names``: also refuse the
    names of this machine (``localhost``); when connecting, the addresses a name resolves to decide."""
    try:
        parsed = URL(url.strip())
    except (ValueError, TypeError):
        parsed = None
    if parsed is None or parsed.scheme not in ("http", "https") or not parsed.host:
        return f"{label}只能是 http 或 https 地址"
    host = parsed.host
    if not HOST_CHARS.match(host):
        return f"{label}的主机名不正确"
    ip = literal_ip(host)
    if allow.has(host, ip):
        return None
    local_name = names and (_name(host) == "localhost" or _name(host).endswith(".localhost"))
    if (ip is not None and internal(ip)) or local_name:
        return f"{label}不能指向本机、内网或保留地址"
    return None


class GuardedResolver(AbstractResolver):
    """Resolves as usual, then keeps only the addresses an outbound call may reach: a name that resolves to
    none of them fails like a name that does not resolve."""

    def __init__(self, allow: Allow) -> None:
        self.allow = allow
        self.inner = aiohttp.ThreadedResolver()

    async def resolve(self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET) \
            -> list[ResolveResult]:
        found = await self.inner.resolve(host, port, family)
        kept = [r for r in found if self.allow.has(host, ipaddress.ip_address(r["host"]))
                or not internal(ipaddress.ip_address(r["host"]))]
        if not kept:
            raise OSError(f"{host} resolves to internal addresses only")
        return kept

    async def close(self) -> None:
        await self.inner.close()


@asynccontextmanager
async def post(url: str, allow: Allow | None, *, timeout: float, **kw: Any) -> AsyncIterator[aiohttp.ClientResponse]:
    """POST to ``url``; ``allow`` None for an address of the deployment's own settings (not checked). Any failure
    to reach it raises ``Unreachable``; the answer, whatever its status, is the caller's to judge."""
    resolver: AbstractResolver = GuardedResolver(allow) if allow is not None else aiohttp.ThreadedResolver()
    try:
        if allow is not None and (why := refusal(url, "地址", allow, names=False)):
            raise Unreachable(why)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(resolver=resolver),
                                         timeout=aiohttp.ClientTimeout(total=timeout)) as http:
            async with http.post(url, allow_redirects=False, **kw) as response:
                yield response
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        log.warning("outbound POST to %s failed: %s: %s", url.partition("?")[0], type(exc).__name__, exc)
        raise Unreachable(str(exc)) from None
    except Unreachable as exc:
        log.warning("outbound POST to %s refused: %s", url.partition("?")[0], exc)
        raise


# System parameters (sys_config) that hold an address the console calls: key -> the address in a value ('' none).
PARAMETERS: dict[str, Callable[[str], str]] = {}


def parameter_refusal(key: str, value: str, allow: Allow) -> str | None:
    """Why a parameter's new value may not be saved (it names an address the console may not call), or None."""
    address = PARAMETERS[key](value.strip()) if key in PARAMETERS else ""
    return refusal(address, f"参数【{key}】", allow) if address else None
