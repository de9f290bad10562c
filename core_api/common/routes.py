"""Uploads and the files they leave (RuoYi /common/upload and the /profile/** resource path)."""

from __future__ import annotations

import mimetypes

from aiohttp import web

from core_api.platform.api import Api
from core_api.platform.envelope import ok
from core_api.platform.state import CLOCK, STORAGE
from core_api.platform.uploads import FILE_TYPES, IMAGE_TYPES, check, read_upload

api = Api("common")
UPLOAD_LIMIT = 20 * 1024 * 1024


@api.post("/common/upload", login_only=True, summary="Upload one file (multipart field `file`)")
async def upload(request: web.Request) -> web.Response:
    name, data = await read_upload(request, "file", UPLOAD_LIMIT)
    ext = check(name, data, FILE_TYPES, UPLOAD_LIMIT)
    stored = request.app[STORAGE].save("upload", name, ext, data, request.app[CLOCK].now())
    return ok(fileName=stored.file_name, url=f"{request.scheme}://{request.host}{stored.file_name}",
              newFileName=stored.new_file_name, originalFilename=stored.original_filename)


@api.get("/profile/{path:.+}", public=True, summary="A stored upload (unguessable names; images inline, "
         "other files as attachments)")
async def stored_file(request: web.Request, path: str) -> web.StreamResponse:
    target = request.app[STORAGE].resolve(path)
    ext = target.suffix.lower().lstrip(".")
    headers = {"X-Content-Type-Options": "nosniff", "Cache-Control": "private, max-age=86400"}
    if ext not in IMAGE_TYPES:
        headers["Content-Disposition"] = "attachment"
    content_type = mimetypes.types_map.get(f".{ext}", "application/octet-stream")
    return web.FileResponse(target, headers={**headers, "Content-Type": content_type})
