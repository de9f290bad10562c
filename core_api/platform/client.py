"""Who is calling: IP (X-Forwarded-For trusted only from configured proxies), browser, OS, location."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from functools import lru_cache

from aiohttp import web
from user_agents import parse as parse_ua


@dataclass(frozen=True, slots=True)
class ClientInfo:
    ip: str
    browser: str
    os: str
    location: str


def client_ip(request: web.Request, trusted: frozenset[str]) -> str:
    peer = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For")
    if forwarded and peer in trusted:
        # The right-most address not added by a trusted proxy is the client.
        for candidate in reversed([p.strip() for p in forwarded.split(",") if p.strip()]):
            if candidate not in trusted:
                return _valid_ip(candidate) or peer
        return _valid_ip(forwarded.split(",")[0].strip()) or peer
    return peer


def _valid_ip(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        return None


@lru_cache(maxsize=512)
def describe_agent(user_agent: str) -> tuple[str, str]:
    ua = parse_ua(user_agent or "")
    browser = ua.browser.family
    if ua.browser.version_string:
        browser = f"{browser} {ua.browser.version_string.split('.')[0]}"
    os_name = ua.os.family
    if ua.os.version_string:
        os_name = f"{os_name} {ua.os.version_string}"
    return browser[:50], os_name[:50]


def locate(ip: str) -> str:
    """Intranet addresses are named; public ones need a geo-IP adapter, which is not configured."""
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return "未知"
    if addr.is_private or addr.is_loopback or addr.is_link_local:
        return "内网IP"
    return "未知"


def client_info(request: web.Request, trusted: frozenset[str]) -> ClientInfo:
    ip = client_ip(request, trusted)
    browser, os_name = describe_agent(request.headers.get("User-Agent", ""))
    return ClientInfo(ip=ip, browser=browser, os=os_name, location=locate(ip))
