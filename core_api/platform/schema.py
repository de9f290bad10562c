"""Base pydantic models: camelCase on the wire, snake_case in Python; zh-CN validation messages."""

from __future__ import annotations

import datetime as dt
import functools
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
    if kind in ("too_long", "too_short") and isinstance(err.get("input"), str):
        kind = f"string_{kind}"  # a length rule on an optional text (str | None) is reported as a list's
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
INT32_MAX = 2**31 - 1  # an INTEGER column's (a version, a sort, a count): a field stored in one takes no more


def strip_control(text: str) -> str:
    return CONTROL_CHARS.sub("", text)




# Days and times a request may carry: beyond them a local day's bounds or its UTC form overflow Python's calendar
# (year 1 shifted to UTC, the day after 9999-12-31); a RuoYi console's "no end" is 2999-12-31.
FIRST_DAY, LAST_DAY = dt.date(1900, 1, 1), dt.date(9998, 12, 31)
# A page beyond this is no one's reading, and its offset (times 500 rows) stays a BIGINT.
PAGE_MAX = 1_000_000


def unsafe_value(value: Any, loc: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], str] | None:
    """The first value that a request may not carry: (where, "control" | "range" | "day"), or None."""
    if value is None:  # most fields of a list's query
        return None
    if isinstance(value, str):
        return (loc, "control") if CONTROL_CHARS.search(value) else None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return None if INT_MIN <= value <= INT_MAX else (loc, "range")
    if isinstance(value, dt.date):  # a datetime too
        day = value.date() if isinstance(value, dt.datetime) else value
        return None if FIRST_DAY <= day <= LAST_DAY else (loc, "day")
    items: Any = ()
    if isinstance(value, BaseModel):
        # every request's model: its fields read as stored, the alias looked up only for the value refused
        fields = type(value).model_fields
        for name, item in value.__dict__.items():
            if item is None or (item.__class__ is str and not CONTROL_CHARS.search(item)):
                continue
            if (found := unsafe_value(item, ())) is not None:
                info = fields.get(name)
                return (*loc, (info.alias or name) if info is not None else name, *found[0]), found[1]
        items = (value.model_extra or {}).items()
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
                   "range": ("超出取值范围", "is out of range"),
                   "day": (f"须在{FIRST_DAY}至{LAST_DAY}之间", f"must be between {FIRST_DAY} and {LAST_DAY}")}


def describe_unsafe(found: tuple[tuple[Any, ...], str], model: type[BaseModel] | None, lang: str = "zh") -> str:
    lang = "en" if lang.startswith("en") else "zh"
    loc, kind = found
    field = _field_name(model, loc, lang)
    zh, en = UNSAFE_MESSAGES[kind]
    return f"{field}{zh}" if lang == "zh" else f"{field}: {en}"


def validation_fields(exc: ValidationError, model: type[BaseModel] | None, lang: str = "zh") -> dict[str, str]:
    """Each refused field's problem by its wire name (``{"userName": "用户名不能为空"}``), the first one per field;
    a problem of the whole body (no field) is left to the message."""
    lang = "en" if lang.startswith("en") else "zh"
    out: dict[str, str] = {}
    for err in exc.errors(include_url=False):
        parts = [str(p) for p in err.get("loc", ()) if not isinstance(p, int)]
        if not parts or ".".join(parts) in out:
            continue
        field = _field_name(model, tuple(err.get("loc", ())), lang)
        text = _rule_text(err, lang)
        zh = text if text.startswith(field) else f"{field}{text}"
        out[".".join(parts)] = f"{field}: {text}" if lang == "en" else zh
    return out


def validation_refusal(exc: ValidationError, model: type[BaseModel] | None, lang: str = "zh") -> ServiceError:
    """The envelope of a refused body: the message naming the fields, and ``fields`` for the form."""
    return ServiceError(describe_validation_error(exc, model, lang), fields=validation_fields(exc, model, lang) or None)


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


# The platform's own refusals (the envelope's, request parsing, uploads, imports and exports, the resource
# mechanism and config pages, data scope, the BFF's) as zh-CN -> English. The envelope answers the English to a
# caller that sends ``Accept-Language: en…``: a text is looked up as it is, a text with values (``{name}``) is
# raised with ``refusal``. A feature's business refusals are registered by the feature (``english``, below).
REFUSALS: dict[str, str] = {
    "认证失败，无法访问系统资源": "Authentication failed: cannot access system resources",
    "当前操作没有权限": "You do not have permission for this operation",
    "访问资源不存在": "The requested resource does not exist",
    "系统内部错误，请联系管理员（请求编号 {id}）": "Internal error: please contact the administrator (request {id})",
    "请求参数超出取值范围或格式不正确（请求编号 {id}）":
        "A value of the request is out of range or malformed (request {id})",
    "请求地址'{path}'，不支持'{method}'请求": "The address '{path}' does not support '{method}' requests",
    "请求格式不正确": "The request is malformed",
    "请求错误": "Bad request",
    "请求体不是有效的 JSON": "The request body is not valid JSON",
    "请求格式不正确（表单格式错误）": "The request is malformed (a broken form)",
    "参数 {name} 格式不正确": "Parameter {name} has the wrong format",
    "编号格式不正确": "The ids have the wrong format",
    "不支持按 {column} 排序": "Cannot sort by {column}",
    "上传请求格式不正确（multipart 格式错误）": "The upload is malformed (a broken multipart body)",
    "请选择要上传的文件": "Choose a file to upload",
    "上传文件不能为空": "The uploaded file is empty",
    "文件内容与扩展名不符": "The file's content does not match its extension",
    "文件格式不正确, 请上传{types}{kind}格式文件!": "Wrong file format: upload a {types} {kind}file",
    "上传文件大小不能超过 {size} MB!": "The uploaded file may not exceed {size} MB",
    "上传头像图片大小不能超过 {size} MB!": "The avatar image may not exceed {size} MB",
    "文件格式不正确，请上传 xlsx 文件": "Wrong file format: upload an xlsx file",
    "导入数据不能为空": "The file holds no rows to import",
    "表头与模板不符，请下载模板后填写": "The header row does not match the template: fill in the downloaded template",
    "一次最多导入{rows}行": "At most {rows} rows can be imported at once",
    "已有导出任务正在进行，请等待完成后再导出": "An export is already running: wait for it to finish",
    "导出任务提交失败，请稍后重试": "The export could not be submitted: try again later",
    "导出任务不存在": "The export does not exist",
    "导出尚未完成": "The export has not finished yet",
    "导出失败，请重新导出": "The export failed: export again",
    "导出文件已过期，请重新导出": "The export file has expired: export again",
    "记录已存在，请勿重复提交": "The record already exists: do not submit it twice",
    "记录已被他人修改，请刷新后重试": "Someone else changed the record: refresh and try again",
    "不允许修改{field}": "{field}: may not be changed",
    "{field}的取值不正确": "{field}: is not an allowed value",
    "{field}不能为空": "{field}: is required",
    "请选择{field}": "{field}: choose one",
    "{field}：区域编码 {value} 不存在": "{field}: area code {value} does not exist",
    "{field}：店铺 {value} 不存在": "{field}: shop {value} does not exist",
    "{field}：用户 {value} 不存在": "{field}: app user {value} does not exist",
    "经度和纬度必须同时填写": "Give both longitude and latitude, or neither",
    "配置已被他人修改（当前为第{version}版），请刷新后再保存":
        "Someone else saved these settings (now version {version}): refresh and save again",
    "第{version}版不存在": "Version {version} does not exist",
    "配置页面{key}不存在": "There is no configuration page {key}",
    "没有权限访问用户数据！": "You may not access this user's data",
    "没有权限访问部门数据！": "You may not access this department's data",
    "没有权限访问角色数据！": "You may not access this role's data",
    "系统接口{status}异常": "The core API answered HTTP {status}",
    "后端接口连接异常": "The core API cannot be reached",
    "系统接口请求超时": "The core API did not answer in time",
    "系统接口返回了无法识别的内容": "The core API answered with something unreadable",
    "系统未知错误，请反馈给管理员": "Unknown error: please tell the administrator",
    "请求体格式不支持，请以 JSON 提交（Content-Type: application/json）":
        "Unsupported body: send JSON (Content-Type: application/json)",
    "请求体格式不支持，请以 JSON、表单或文件上传方式提交": "Unsupported body: send JSON, a form or a file upload",
}


def refusal(template: str, code: int = 500, *, error: type[ServiceError] = ServiceError, wire: str | None = None,
            **values: Any) -> ServiceError:
    """The refusal of a ``REFUSALS`` text with values, in both languages; a value given as (zh-CN, English) is a
    name that differs by language: a field's title, and its wire name as the validation messages name it."""
    def filled(text: str, i: int) -> str:
        return text.format(**{k: v[i] if isinstance(v, tuple) else v for k, v in values.items()})

    refused = error(filled(template, 0), code, en=filled(REFUSALS[template], 1))
    refused.field = wire  # the field it is about (wire name), whose form shows the message under it
    return refused


# The features' business refusals as zh-CN template -> English template, registered by each feature at import
# (``english``): the platform names no feature. A template's ``{name}`` matches any text in a raised message
# (the feature raises its f-string unchanged), and the English puts it back; a value that is itself a registered
# word (an order state, a verb: ``english(words=...)``) is put back in English.
BUSINESS: dict[str, str] = {}
WORDS: dict[str, str] = {}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_patterns: list[tuple[re.Pattern[str], str]] = []


def _placeholders(text: str) -> list[str]:
    return _PLACEHOLDER.findall(text)


def english(refusals: dict[str, str] | None = None, *, words: dict[str, str] | None = None) -> None:
    """Registers a feature's refusals (zh-CN template -> English, both with the same ``{name}`` values) and the
    words its values may hold. A template registered twice must say the same English."""
    for zh, en in (refusals or {}).items():
        if sorted(_placeholders(zh)) != sorted(_placeholders(en)):
            raise ValueError(f"the English of {zh!r} must use the same values: {en!r}")
        if BUSINESS.get(zh, en) != en or REFUSALS.get(zh, en) != en:
            raise ValueError(f"{zh!r} is registered with another English")
        if zh in BUSINESS:
            continue
        BUSINESS[zh] = en
        if _placeholders(zh):
            parts = _PLACEHOLDER.split(zh)  # text, name, text, name, ..., text
            seen: set[str] = set()
            regex = ""
            for i, part in enumerate(parts):
                if i % 2 == 0:
                    regex += re.escape(part)
                else:
                    regex += f"(?P={part})" if part in seen else f"(?P<{part}>.+?)"
                    seen.add(part)
            _patterns.append((re.compile(f"^{regex}$", re.DOTALL), zh))
            _patterns.sort(key=lambda item: -len(_PLACEHOLDER.sub("", item[1])))  # the most specific first
    for zh, en in (words or {}).items():
        if WORDS.get(zh, en) != en:
            raise ValueError(f"the word {zh!r} is registered with another English")
        WORDS[zh] = en


def business_english(msg: str) -> str | None:
    """The English of a feature's refusal as raised (values filled in), or None when none is registered."""
    if msg in BUSINESS:
        return BUSINESS[msg]
    for pattern, zh in _patterns:
        found = pattern.match(msg)
        if found:
            values = {k: WORDS.get(v, v) for k, v in found.groupdict().items()}
            return BUSINESS[zh].format(**values)
    return None


def refusal_text(exc: ServiceError, lang: str) -> str:
    """What the envelope says: a platform or registered business refusal in English to an English caller,
    anything else as raised."""
    if lang != "en":
        return exc.msg
    return exc.en or REFUSALS.get(exc.msg) or business_english(exc.msg) or exc.msg


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


# A web address the app or a browser may open: http(s) only (never javascript:, data:, file:), a host name or an
# address, no user name or password in it, no spaces or quotes.
WEB_ADDRESS = re.compile(r"^https?://[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^\s<>\"'`]*)?$", re.IGNORECASE)


def _web_address(value: str) -> str:
    if value and not WEB_ADDRESS.fullmatch(value):
        raise ValueError("须为 http:// 或 https:// 开头的网址")
    return value


# A field that holds a web address (empty: none); its length is the field's own rule.
WebAddress = Annotated[str, AfterValidator(_web_address)]

# A resident identity number (GB 11643-1999): 17 digits, the last a check character over them (ISO 7064 MOD 11-2),
# and the birth day in digits 7-14 a real day.
IDCARD = re.compile(r"^\d{17}[\dXx]$")
_IDCARD_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def idcard_problem(value: str) -> str | None:
    """Why ``value`` is no identity number (the words after the field's name), or None."""
    if not IDCARD.fullmatch(value):
        return "格式不正确"
    try:
        born = dt.date(int(value[6:10]), int(value[10:12]), int(value[12:14]))
    except ValueError:
        return "中的出生日期不正确"
    if born.year < 1900:
        return "中的出生日期不正确"
    return None if value[17].upper() == idcard_check(value[:17]) else "校验码不正确"


def idcard_check(first17: str) -> str:
    """The check character of an identity number's first 17 digits (ISO 7064 MOD 11-2)."""
    return "10X98765432"[sum(int(d) * w for d, w in zip(first17, _IDCARD_WEIGHTS, strict=True)) % 11]


def _idcard(value: str) -> str:
    if value and (problem := idcard_problem(value)) is not None:
        raise ValueError(problem)
    return value.upper()


IdCardNumber = Annotated[str, AfterValidator(_idcard)]


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


DICT_KEY = "x-dict-type"  # in a field's JSON schema: the dictionary whose values it takes


def dict_valued(dict_type: str) -> dict[str, Any]:
    """``Field(..., json_schema_extra=dict_valued("biz_shelf"))``: the field takes that dictionary's values only.
    The request gate (core_api/platform/api.py) refuses any other value, naming the field; the dictionary lives
    in the database (its enabled entries), so the check runs after the model's own rules. The OpenAPI document
    names the dictionary."""
    return {DICT_KEY: dict_type}


@functools.cache
def dict_fields(model: type[BaseModel]) -> tuple[tuple[str, str, tuple[str, str]], ...]:
    """(attribute, dictionary type, (title, wire name)) of each dictionary-valued field of a model."""
    out = []
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        if isinstance(dict_type := extra.get(DICT_KEY), str):
            out.append((name, dict_type, (info.title or info.alias or name, info.alias or name)))
    return tuple(out)


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
        raise refusal("不允许修改{field}", field=(info.title or info.alias or name, info.alias or name))
