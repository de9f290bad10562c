"""Uploads are checked by extension, by content and by size before storage (platform/storage.py)."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from aiohttp import BodyPartReader, web
from aiohttp.http_exceptions import HttpProcessingError

from core_api.platform.errors import ServiceError
from core_api.platform.schema import refusal
from core_api.platform.state import SETTINGS

IMAGE_TYPES = ("bmp", "gif", "jpg", "jpeg", "png", "webp")
FILE_TYPES = (*IMAGE_TYPES, "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "pdf", "zip", "rar", "mp4")
MB = 1024 * 1024

_MAGIC: dict[str, tuple[bytes, ...]] = {
    "png": (b"\x89PNG\r\n\x1a\n",),
    "jpg": (b"\xff\xd8\xff",),
    "jpeg": (b"\xff\xd8\xff",),
    "gif": (b"GIF87a", b"GIF89a"),
    "bmp": (b"BM",),
    "webp": (b"RIFF",),
    "pdf": (b"%PDF-",),
    "zip": (b"PK\x03\x04",),
    "docx": (b"PK\x03\x04",),
    "xlsx": (b"PK\x03\x04",),
    "pptx": (b"PK\x03\x04",),
    "doc": (b"\xd0\xcf\x11\xe0",),
    "xls": (b"\xd0\xcf\x11\xe0",),
    "ppt": (b"\xd0\xcf\x11\xe0",),
    "rar": (b"Rar!\x1a\x07",),
}


def extension_of(name: str) -> str:
    suffix = PurePosixPath(name.replace("\\", "/")).suffix.lower().lstrip(".")
    return suffix


def content_matches(ext: str, data: bytes) -> bool:
    if ext == "txt":
        try:
            data[:4096].decode("utf-8")
        except UnicodeDecodeError:
            return b"\x00" not in data[:4096]
        return True
    if ext == "webp":
        return data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    if ext == "mp4":
        return data[4:8] == b"ftyp"
    return any(data.startswith(m) for m in _MAGIC.get(ext, ()))


def upload_limit(request: web.Request) -> int:
    """The size limit of one uploaded image or file, in bytes (CONSOLE_UPLOAD_MAX_MB; the spec's 5 MB)."""
    return int(request.app[SETTINGS].upload_max_mb * MB)


def too_large(max_bytes: int, avatar: bool = False) -> ServiceError:
    size = f"{max_bytes / MB:g}"
    return refusal("上传头像图片大小不能超过 {size} MB!" if avatar else "上传文件大小不能超过 {size} MB!", size=size)


def check(name: str, data: bytes, allowed: tuple[str, ...], max_bytes: int, image: bool = False,
          avatar: bool = False) -> str:
    ext = extension_of(name)
    if ext not in allowed:
        kind = ("图片", "image ") if image or avatar else ("", "")
        raise refusal("文件格式不正确, 请上传{types}{kind}格式文件!", types="/".join(allowed), kind=kind)
    if len(data) > max_bytes:
        raise too_large(max_bytes, avatar)
    if not data:
        raise ServiceError("上传文件不能为空")
    if not content_matches(ext, data):
        raise ServiceError("文件内容与扩展名不符")
    return ext


async def read_form(request: web.Request) -> Any:
    """``request.post()`` (form-urlencoded or multipart) with a malformed body answered as the caller's mistake."""
    try:
        return await request.post()
    except (ValueError, AssertionError, HttpProcessingError):
        raise ServiceError("请求格式不正确（表单格式错误）") from None


async def read_upload(request: web.Request, field: str, max_bytes: int, avatar: bool = False) -> tuple[str, bytes]:
    """Reads one multipart file field with a size cap enforced while streaming. A malformed multipart body
    (no boundary, a broken part header) is the caller's mistake, answered as such."""
    if not request.content_type.startswith("multipart/"):
        raise ServiceError("请选择要上传的文件")
    try:
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader) or part.name != field or not part.filename:
                continue
            chunks, size = [], 0
            while chunk := await part.read_chunk(256 * 1024):
                size += len(chunk)
                if size > max_bytes:
                    raise too_large(max_bytes, avatar)
                chunks.append(chunk)
            return str(part.filename), b"".join(chunks)
    except (ValueError, AssertionError, HttpProcessingError):
        raise ServiceError("上传请求格式不正确（multipart 格式错误）") from None
    raise ServiceError("请选择要上传的文件")
