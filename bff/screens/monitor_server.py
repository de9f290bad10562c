"""Server monitor: the core's figures, measured at the call (the screen polls this every 5 s)."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema

api = Api("monitor-server")


class ServerCpu(Schema):
    cpu_num: int
    total: float
    sys: float
    used: float
    wait: float
    free: float


class ServerMem(Schema):
    """Gigabytes, and the usage in per cent."""

    total: float
    used: float
    free: float
    usage: float


class ServerRuntime(Schema):
    """The Python process (sizes in megabytes)."""

    name: str
    version: str
    home: str
    total: float
    max: float
    free: float
    used: float
    usage: float
    start_time: str | None = None
    run_time: str
    input_args: str
    pid: int | None = None


class ServerHost(Schema):
    computer_name: str
    computer_ip: str
    user_dir: str
    os_name: str
    os_arch: str


class ServerDisk(Schema):
    dir_name: str
    sys_type_name: str
    type_name: str
    total: str
    free: str
    used: str
    usage: float


class ServerFigures(Schema):
    cpu: ServerCpu
    mem: ServerMem
    py: ServerRuntime
    sys: ServerHost
    sys_files: list[ServerDisk]


class ServerFiguresOut(Envelope):
    data: ServerFigures


@api.get("/bff/screens/monitor/server", login_only=True, summary="Server figures: CPU, memory, runtime, host, disks",
         response=ServerFiguresOut)
async def monitor_server_screen(core: CoreClient) -> web.Response:
    figures = (await core.get("/monitor/server")).get("data") or {}
    return ok(data={key: figures.get(key) for key in ("cpu", "mem", "py", "sys", "sysFiles")})
