"""Base pydantic models: camelCase on the wire, snake_case in Python; zh-CN validation messages."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, EmailStr, Field, ValidationError
from pydantic.alias_generators import to_camel

from core_api.platform.errors import ServiceError


class Schema(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
        str_strip_whitespace=False,
        extra="ignore",
    )


class StrictSchema(Schema):
    """For the product's own structured payloads (job parameters, chat segments): an unknown field is
    refused. RuoYi calls use ``Schema``/``EditSchema``, which ignore unknown fields as RuoYi's server does."""

    model_config = ConfigDict(extra="forbid")


_ZH = {
    "missing": "不能为空",
    "string_too_short": "长度不能少于{min_length}个字符",
    "string_too_long": "长度不能超过{max_length}个字符",
    "string_pattern_mismatch": "格式不正确",
    "string_type": "必须是字符串",
    "int_parsing": "必须是整数",
    "int_type": "必须是整数",
    "float_parsing": "必须是数字",
    "bool_parsing": "必须是布尔值",
    "greater_than": "必须大于{gt}",
    "greater_than_equal": "不能小于{ge}",
    "less_than": "必须小于{lt}",
    "less_than_equal": "不能大于{le}",
    "literal_error": "取值必须是 {expected}",
    "enum": "取值必须是 {expected}",
    "extra_forbidden": "是不允许的字段",
    "json_invalid": "不是有效的 JSON",
    "value_error": "{msg}",
    "list_type": "必须是列表",
    "date_from_datetime_parsing": "日期格式不正确，应为 yyyy-MM-dd",
    "date_parsing": "日期格式不正确，应为 yyyy-MM-dd",
    "too_long": "最多{max_length}项",
}


def _field_name(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if not isinstance(p, int)]
    if not parts:
        return "请求体"
    name = parts[-1]
    if model is not None and len(parts) == 1:
        for fname, info in model.model_fields.items():
            if name in (fname, info.alias):
                return info.title or (info.alias or fname)
    return ".".join(parts)


def describe_validation_error(exc: ValidationError, model: type[BaseModel] | None, lang: str = "zh") -> str:
    """One line per problem naming the field and the rule, e.g. ``用户名不能为空``."""
    lines = []
    for err in exc.errors(include_url=False)[:5]:
        field = _field_name(model, tuple(err.get("loc", ())))
        if lang.startswith("en"):
            lines.append(f"{field}: {err['msg']}")
            continue
        template = _ZH.get(err["type"])
        ctx = {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in (err.get("ctx") or {}).items()}
        if err["type"] == "value_error":
            ctx["msg"] = str(ctx.get("error", err["msg"])).removeprefix("Value error, ")
        try:
            text = template.format(**ctx) if template else err["msg"]
        except (KeyError, IndexError):
            text = err["msg"]
        lines.append(f"{field}{text}" if not text.startswith(field) else text)
    return "；".join(lines)


class EditSchema(Schema):
    """A RuoYi create or update body. Unknown fields are ignored, as RuoYi's server ignores them (its
    consoles add fields of their own, such as ``jobExecutor``); the read-only fields a client echoes back
    from the record it loaded are ignored too. Fields that exist but may not be written on a call are
    declared and checked with ``refuse_changes``."""

    create_by: Any = Field(None, exclude=True)
    create_time: Any = Field(None, exclude=True)
    update_by: Any = Field(None, exclude=True)
    update_time: Any = Field(None, exclude=True)
    params: Any = Field(None, exclude=True)
    search_value: Any = Field(None, exclude=True)


def _blank_to_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


# RuoYi clients send "" for an empty optional e-mail.
OptionalEmail = Annotated[EmailStr | None, BeforeValidator(_blank_to_none)]


def _flag_text(value: Any) -> Any:
    # RuoYi-family consoles send flags as numbers ({"isFrame": 1}) as well as text ("1").
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


# A one-character flag (status, visible, isFrame, isCache, sex, dataScope, ...): accepts 0/1 or "0"/"1",
# is stored and answered as text. Give each field its own ``pattern``.
Flag = Annotated[str, BeforeValidator(_flag_text)]


def _same(sent: Any, stored: Any) -> bool:
    if isinstance(stored, bool):
        return (str(sent).lower() in ("true", "1")) == stored
    return str(sent) == str(stored)


def refuse_changes(body: BaseModel, stored: dict[str, Any]) -> None:
    """Refuses a field that exists but may not be written on this call (a password on a user update, the
    admin flag, delFlag, another user's id on one's profile) when it is sent with a value other than the
    stored one. An echo of the loaded record (the same value, or empty) is accepted and ignored."""
    for name, current in stored.items():
        if name not in body.model_fields_set:
            continue
        sent = getattr(body, name)
        if sent is None or sent == "" or _same(sent, current):
            continue
        info = type(body).model_fields[name]
        raise ServiceError(f"不允许修改{info.title or info.alias or name}")
