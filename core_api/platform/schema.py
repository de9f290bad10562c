"""Base pydantic models: camelCase on the wire, snake_case in Python; zh-CN validation messages."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, EmailStr, Field, ValidationError
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


# Every pydantic error type that a request can meet, as (zh-CN, English) texts; ``{...}`` comes from the
# error's context. A type not listed falls back to a generic text in the operator's language: pydantic's own
# English never reaches a zh message.
MESSAGES: dict[str, tuple[str, str]] = {
    "missing": ("不能为空", "is required"),
    "missing_argument": ("不能为空", "is required"),
    "missing_keyword_only_argument": ("不能为空", "is required"),
    "missing_positional_only_argument": ("不能为空", "is required"),
    "none_required": ("必须为空", "must be empty"),
    "extra_forbidden": ("是不允许的字段", "is not an allowed field"),
    "unexpected_keyword_argument": ("是不允许的字段", "is not an allowed field"),
    "unexpected_positional_argument": ("是不允许的字段", "is not an allowed field"),
    "frozen_field": ("不允许修改", "may not be changed"),
    "frozen_instance": ("不允许修改", "may not be changed"),
    "json_invalid": ("不是有效的 JSON", "is not valid JSON"),
    "json_type": ("必须是 JSON 文本", "must be JSON text"),
    "string_type": ("必须是字符串", "must be a string"),
    "string_unicode": ("必须是有效的 UTF-8 文本", "must be valid UTF-8 text"),
    "string_not_ascii": ("只能包含 ASCII 字符", "may hold ASCII characters only"),
    "string_too_short": ("长度不能少于{min_length}个字符", "must have at least {min_length} characters"),
    "string_too_long": ("长度不能超过{max_length}个字符", "must have at most {max_length} characters"),
    "string_pattern_mismatch": ("格式不正确", "has the wrong format"),
    "bytes_type": ("必须是字符串", "must be a string"),
    "bytes_too_short": ("长度不能少于{min_length}个字节", "must have at least {min_length} bytes"),
    "bytes_too_long": ("长度不能超过{max_length}个字节", "must have at most {max_length} bytes"),
    "bytes_invalid_encoding": ("编码不正确", "has the wrong encoding"),
    "int_type": ("必须是整数", "must be an integer"),
    "int_parsing": ("必须是整数", "must be an integer"),
    "int_from_float": ("必须是整数", "must be an integer"),
    "int_parsing_size": ("超出取值范围", "is out of range"),
    "float_type": ("必须是数字", "must be a number"),
    "float_parsing": ("必须是数字", "must be a number"),
    "finite_number": ("必须是有限的数字", "must be a finite number"),
    "decimal_type": ("必须是数字", "must be a number"),
    "decimal_parsing": ("必须是数字", "must be a number"),
    "decimal_max_digits": ("最多{max_digits}位数字", "must have at most {max_digits} digits"),
    "decimal_max_places": ("最多{decimal_places}位小数", "must have at most {decimal_places} decimal places"),
    "decimal_whole_digits": ("整数部分最多{whole_digits}位", "must have at most {whole_digits} whole digits"),
    "complex_type": ("必须是数字", "must be a number"),
    "complex_str_parsing": ("必须是数字", "must be a number"),
    "fraction_type": ("必须是数字", "must be a number"),
    "fraction_parsing": ("必须是数字", "must be a number"),
    "multiple_of": ("必须是{multiple_of}的倍数", "must be a multiple of {multiple_of}"),
    "greater_than": ("必须大于{gt}", "must be greater than {gt}"),
    "greater_than_equal": ("不能小于{ge}", "must be at least {ge}"),
    "less_than": ("必须小于{lt}", "must be less than {lt}"),
    "less_than_equal": ("不能大于{le}", "must be at most {le}"),
    "bool_type": ("必须是布尔值", "must be a boolean"),
    "bool_parsing": ("必须是布尔值", "must be a boolean"),
    "literal_error": ("取值必须是 {expected}", "must be one of {expected}"),
    "enum": ("取值必须是 {expected}", "must be one of {expected}"),
    "union_tag_invalid": ("取值必须是 {expected_tags}", "must be one of {expected_tags}"),
    "union_tag_not_found": ("缺少类型字段 {discriminator}", "needs the field {discriminator}"),
    "list_type": ("必须是列表", "must be a list"),
    "tuple_type": ("必须是列表", "must be a list"),
    "set_type": ("必须是列表", "must be a list"),
    "frozen_set_type": ("必须是列表", "must be a list"),
    "deque_type": ("必须是列表", "must be a list"),
    "iterable_type": ("必须是列表", "must be a list"),
    "iteration_error": ("必须是列表", "must be a list"),
    "set_item_not_hashable": ("列表项的类型不正确", "holds an item of the wrong type"),
    "too_short": ("至少{min_length}项", "must have at least {min_length} items"),
    "too_long": ("最多{max_length}项", "must have at most {max_length} items"),
    "dict_type": ("必须是对象", "must be an object"),
    "mapping_type": ("必须是对象", "must be an object"),
    "model_type": ("必须是对象", "must be an object"),
    "model_attributes_type": ("必须是对象", "must be an object"),
    "dataclass_type": ("必须是对象", "must be an object"),
    "dataclass_exact_type": ("必须是对象", "must be an object"),
    "named_tuple_type": ("必须是列表", "must be a list"),
    "arguments_type": ("必须是对象", "must be an object"),
    "invalid_key": ("的键必须是字符串", "keys must be strings"),
    "date_type": ("格式不正确，应为 yyyy-MM-dd", "must be a date (yyyy-MM-dd)"),
    "date_parsing": ("格式不正确，应为 yyyy-MM-dd", "must be a date (yyyy-MM-dd)"),
    "date_from_datetime_parsing": ("格式不正确，应为 yyyy-MM-dd", "must be a date (yyyy-MM-dd)"),
    "date_from_datetime_inexact": ("格式不正确，应为 yyyy-MM-dd", "must be a date (yyyy-MM-dd)"),
    "date_past": ("必须是过去的日期", "must be in the past"),
    "date_future": ("必须是将来的日期", "must be in the future"),
    "time_type": ("格式不正确，应为 HH:mm:ss", "must be a time (HH:mm:ss)"),
    "time_parsing": ("格式不正确，应为 HH:mm:ss", "must be a time (HH:mm:ss)"),
    "datetime_type": ("格式不正确，应为 yyyy-MM-dd HH:mm:ss", "must be a time (yyyy-MM-dd HH:mm:ss)"),
    "datetime_parsing": ("格式不正确，应为 yyyy-MM-dd HH:mm:ss", "must be a time (yyyy-MM-dd HH:mm:ss)"),
    "datetime_object_invalid": ("格式不正确，应为 yyyy-MM-dd HH:mm:ss", "must be a time (yyyy-MM-dd HH:mm:ss)"),
    "datetime_from_date_parsing": ("格式不正确，应为 yyyy-MM-dd HH:mm:ss", "must be a time (yyyy-MM-dd HH:mm:ss)"),
    "datetime_past": ("必须是过去的时间", "must be in the past"),
    "datetime_future": ("必须是将来的时间", "must be in the future"),
    "timezone_naive": ("不能带时区", "must not carry a time zone"),
    "timezone_aware": ("必须带时区", "must carry a time zone"),
    "timezone_offset": ("时区不正确", "has the wrong time zone"),
    "time_delta_type": ("必须是时长", "must be a duration"),
    "time_delta_parsing": ("必须是时长", "must be a duration"),
    "url_type": ("必须是网址", "must be a URL"),
    "url_parsing": ("不是有效的网址", "is not a valid URL"),
    "url_syntax_violation": ("不是有效的网址", "is not a valid URL"),
    "url_too_long": ("长度不能超过{max_length}个字符", "must have at most {max_length} characters"),
    "url_scheme": ("网址协议必须是 {expected_schemes}", "must use {expected_schemes}"),
    "uuid_type": ("必须是 UUID", "must be a UUID"),
    "uuid_parsing": ("必须是 UUID", "must be a UUID"),
    "uuid_version": ("UUID 版本必须是 {expected_version}", "must be a version {expected_version} UUID"),
}
FALLBACK = ("格式不正确", "is invalid")
# A validator's own ValueError text is shown when it speaks the operator's language (ours are zh-CN);
# the English of a library validator (e-mail addresses, ...) is replaced by the generic text.
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _field_name(model: type[BaseModel] | None, loc: tuple[Any, ...], lang: str) -> str:
    parts = [str(p) for p in loc if not isinstance(p, int)]
    if not parts:
        return "请求体" if lang == "zh" else "body"
    name = parts[-1]
    if lang == "zh" and model is not None and len(parts) == 1:
        for fname, info in model.model_fields.items():
            if name in (fname, info.alias):
                return info.title or (info.alias or fname)
    return ".".join(parts)


def _rule_text(err: Any, lang: str) -> str:
    kind = err["type"]
    if kind in ("value_error", "assertion_error"):
        own = str((err.get("ctx") or {}).get("error", err["msg"])).removeprefix("Value error, ")
        own = own.removeprefix("Assertion failed, ")
        if lang == "zh" and _CJK.search(own):
            return own
        if lang == "en" and own and not _CJK.search(own):
            return own
        return FALLBACK[0 if lang == "zh" else 1]
    zh, en = MESSAGES.get(kind, FALLBACK)
    template = zh if lang == "zh" else en
    ctx = {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in (err.get("ctx") or {}).items()}
    try:  # the context holds numbers and wire values (allowed literals, schemes), never pydantic's prose
        return template.format(**ctx)
    except (KeyError, IndexError):
        return FALLBACK[0 if lang == "zh" else 1]


# Control characters break PostgreSQL (NUL), spreadsheets and terminals: refused in plain text, stripped from
# rich text. Tab, line feed and carriage return are text. Integers are bounded by the database's BIGINT.
CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def strip_control(text: str) -> str:
    return CONTROL_CHARS.sub("", text)


# A rich-text (HTML) field: its control characters are dropped instead of refused.
RichText = Annotated[str, AfterValidator(strip_control)]


def unsafe_value(value: Any, loc: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], str] | None:
    """The first value that a request may not carry: (where, "control" | "range"), or None."""
    if isinstance(value, str):
        return (loc, "control") if CONTROL_CHARS.search(value) else None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return None if INT_MIN <= value <= INT_MAX else (loc, "range")
    items: Any = ()
    if isinstance(value, BaseModel):
        items = [(info.alias or name, getattr(value, name)) for name, info in type(value).model_fields.items()]
        items += list((value.model_extra or {}).items())
    elif isinstance(value, dict):
        items = value.items()
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = enumerate(value)
    for key, item in items:
        if isinstance(key, str) and CONTROL_CHARS.search(key):
            return (*loc, key), "control"
        if (found := unsafe_value(item, (*loc, key))) is not None:
            return found
    return None


UNSAFE_MESSAGES = {"control": ("不能包含控制字符", "must not contain control characters"),
                   "range": ("超出取值范围", "is out of range")}


def describe_unsafe(found: tuple[tuple[Any, ...], str], model: type[BaseModel] | None, lang: str = "zh") -> str:
    lang = "en" if lang.startswith("en") else "zh"
    loc, kind = found
    field = _field_name(model, loc, lang)
    zh, en = UNSAFE_MESSAGES[kind]
    return f"{field}{zh}" if lang == "zh" else f"{field}: {en}"


def describe_validation_error(exc: ValidationError, model: type[BaseModel] | None, lang: str = "zh") -> str:
    """One line per problem naming the field and the rule, e.g. ``用户名不能为空`` (``userName: is required``)."""
    lang = "en" if lang.startswith("en") else "zh"
    lines = []
    for err in exc.errors(include_url=False)[:5]:
        field = _field_name(model, tuple(err.get("loc", ())), lang)
        text = _rule_text(err, lang)
        if lang == "en":
            lines.append(f"{field}: {text}")
        else:
            lines.append(text if text.startswith(field) else f"{field}{text}")
    return "；".join(lines) if lang == "zh" else "; ".join(lines)


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
