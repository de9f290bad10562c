"""Server monitor (RuoYi /monitor/server): CPU, memory, the runtime (as ``jvm`` and ``py``), host, disks."""

from __future__ import annotations

import asyncio
import os
import platform
import socket
import sys
import time
from datetime import UTC, datetime
from typing import Any

import psutil
from aiohttp import web

from core_api.platform.api import Api
from core_api.platform.envelope import ok
from core_api.platform.security import any_perm
from core_api.platform.timefmt import fmt

api = Api("server")
GB = 1024**3
MB = 1024**2
_process = psutil.Process()


def _round(value: float, digits: int = 2) -> float:
    return round(value, digits)


def _duration(seconds: float) -> str:
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    return f"{days}天{hours}小时{minutes}分钟"


def _host_ip() -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent; this picks the outward interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def collect(interval: float = 0.5) -> dict[str, Any]:
    times = psutil.cpu_times_percent(interval=interval)
    mem = psutil.virtual_memory()
    started = _process.create_time()
    with _process.oneshot():
        rss = _process.memory_info().rss
    runtime = {
        "name": f"{platform.python_implementation()} {platform.python_version()}",
        "version": platform.python_version(),
        "home": sys.prefix,
        "total": _round(rss / MB),
        "max": _round(mem.total / MB),
        "free": _round((mem.total - rss) / MB),
        "used": _round(rss / MB),
        "usage": _round(rss / mem.total * 100),
        "startTime": fmt(datetime.fromtimestamp(started, UTC)),
        "runTime": _duration(time.time() - started),
        "inputArgs": " ".join(sys.argv[1:]) or "-",
        "pid": _process.pid,
    }
    disks = []
    for part in psutil.disk_partitions(all=False):
        try:
            usage = psutil.disk_usage(part.mountpoint)
        except OSError:
            continue
        disks.append({"dirName": part.mountpoint, "sysTypeName": part.fstype, "typeName": part.device,
                      "total": f"{usage.total / GB:.1f} GB", "free": f"{usage.free / GB:.1f} GB",
                      "used": f"{usage.used / GB:.1f} GB", "usage": _round(usage.percent)})
    return {
        "cpu": {"cpuNum": psutil.cpu_count(logical=True) or 0, "total": 100.0,
                "sys": _round(times.system), "used": _round(times.user), "wait": _round(getattr(times, "iowait", 0.0)),
                "free": _round(times.idle)},
        "mem": {"total": _round(mem.total / GB), "used": _round(mem.used / GB), "free": _round(mem.available / GB),
                "usage": _round(mem.percent)},
        "jvm": runtime,
        "py": runtime,
        "sys": {"computerName": socket.gethostname(), "computerIp": _host_ip(), "userDir": os.getcwd(),
                "osName": f"{platform.system()} {platform.release()}", "osArch": platform.machine()},
        "sysFiles": disks,
    }


@api.get("/monitor/server", need=any_perm("monitor:server:list"), summary="Server figures, measured now")
async def server() -> web.Response:
    return ok(data=await asyncio.to_thread(collect))
