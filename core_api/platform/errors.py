"""The error catalogue of the contract: every failure a handler raises becomes one envelope."""

from __future__ import annotations


class ServiceError(Exception):
    """A business refusal: the caller gets ``{"code": code, "msg": msg}`` and nothing changed. ``en`` is the
    English of a platform refusal with values (``schema.refusal``); the envelope answers it to an English
    caller, and looks up a plain zh-CN text in ``schema.REFUSALS``."""

    code = 500

    def __init__(self, msg: str, code: int | None = None, en: str | None = None,
                 fields: dict[str, str] | None = None, field: str | None = None) -> None:
        super().__init__(msg)
        self.msg = msg
        self.en = en
        # a validation refusal's problems by the fields' wire names: the envelope's ``fields`` member, so a form
        # shows each under its field (CONTRACT.md allows members beside ``msg``; docs/decisions.md)
        self.fields = fields
        self.field = field  # the one field (wire name) a business refusal is about: its message goes under it
        if code is not None:
            self.code = code


class NotAuthenticated(ServiceError):
    code = 401

    def __init__(self, msg: str = "认证失败，无法访问系统资源") -> None:
        super().__init__(msg)


class Forbidden(ServiceError):
    code = 403

    def __init__(self, msg: str = "当前操作没有权限") -> None:
        super().__init__(msg)


class NotFound(ServiceError):
    code = 404

    def __init__(self, msg: str = "访问资源不存在") -> None:
        super().__init__(msg)


class Warning_(ServiceError):
    code = 601
