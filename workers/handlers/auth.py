"""Sign-in bookkeeping: the login-log row of every attempt and the user's last sign-in."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import Field
from tortoise.exceptions import IntegrityError

from core_api.monitor.logininfor.models import SysLogininfor
from core_api.platform.schema import Schema
from core_api.system.user.models import SysUser


class LoginAttempt(Schema):
    event_id: str | None = Field(None, max_length=32)
    user_name: str = Field(max_length=50)
    user_id: int | None = None
    ipaddr: str = ""
    login_location: str = ""
    browser: str = ""
    os: str = ""
    status: str
    msg: str = ""
    login_time: float


async def record_login(payload: dict[str, Any]) -> None:
    event = LoginAttempt.model_validate(payload)
    when = datetime.fromtimestamp(event.login_time, UTC)
    try:
        await SysLogininfor.create(
            event_id=event.event_id,
            user_name=event.user_name,
            ipaddr=event.ipaddr,
            login_location=event.login_location,
            browser=event.browser,
            os=event.os,
            status=event.status,
            msg=event.msg,
            login_time=when,
        )
    except IntegrityError:
        return  # delivered twice: recorded already
    if event.status == "0" and event.user_id is not None:
        await SysUser.filter(user_id=event.user_id).update(login_ip=event.ipaddr, login_date=when)
