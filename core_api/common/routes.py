"""Uploads, downloads and object-storage credentials (RuoYi /common/*, spec 7.5)."""

from __future__ import annotations

import base64
import mimetypes
from urllib.parse import quote

import orjson
from aiohttp import web
from pydantic import Field

from core_api.platform.api import RAW, Api
from core_api.platform.contract.messaging import UploadCredentialsOut
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.excel import attachment_headers
from core_api.platform.schema import Schema
from core_api.platform.security import Principal
from core_api.platform.state import CLOCK, STORAGE
from core_api.platform.storage import URL_PREFIX, LocalStorage, S3Storage
from core_api.platform.uploads import FILE_TYPES, IMAGE_TYPES, check, read_upload, upload_limit

api = Api("common")
DIRECT_UPLOAD_LIMIT = 50 * 1024 * 1024


class DownloadQuery(Schema):
    file_name: str = Field(title="文件名", min_length=1, max_length=255, pattern=r"^[A-Za-z0-9_.\-\u4e00-\u9fa5]+$")
    delete: bool = Field(True, title="下载后删除")


class ResourceQuery(Schema):
    resource: str = Field(title="资源", min_length=1, max_length=500)


class FolderQuery(Schema):
    folder: str = Field("upload", title="目录", pattern=r"^[a-z][a-z0-9_-]{0,30}$")


@api.post("/common/upload", login_only=True, summary="Upload one file (multipart field `file`)")
async def upload(request: web.Request) -> web.Response:
    limit = upload_limit(request)
    name, data = await read_upload(request, "file", limit)
    ext = check(name, data, FILE_TYPES, limit)
    stored = await request.app[STORAGE].save("upload", name, ext, data, request.app[CLOCK].now())
    url = stored.file_name if "://" in stored.file_name else f"{request.scheme}://{request.host}{stored.file_name}"
    return ok(fileName=stored.file_name, url=url, newFileName=stored.new_file_name,
              originalFilename=stored.original_filename)


@api.get("/profile/{path:.+}", public=True, file=RAW, summary="A stored upload (unguessable names; images inline, "
         "other files as attachments)")
async def stored_file(request: web.Request, path: str) -> web.StreamResponse:
    storage = request.app[STORAGE]
    if not isinstance(storage, LocalStorage):
        raise NotFound()
    target = storage.resolve(path)
    ext = target.suffix.lower().lstrip(".")
    headers = {"X-Content-Type-Options": "nosniff", "Cache-Control": "private, max-age=86400"}
    if ext not in IMAGE_TYPES:
        headers["Content-Disposition"] = "attachment"
    content_type = mimetypes.types_map.get(f".{ext}", "application/octet-stream")
    return web.FileResponse(target, headers={**headers, "Content-Type": content_type})


def _download_root(storage: LocalStorage, principal: Principal):
    """Files prepared for one user's download live in a folder of their own."""
    return storage.root / "download" / str(principal.user_id)


@api.get("/common/download", login_only=True, file=RAW,
         summary="Download a file prepared for the caller (delete=true removes it afterwards)")
async def download(request: web.Request, principal: Principal, query: DownloadQuery) -> web.StreamResponse:
    storage = request.app[STORAGE]
    if not isinstance(storage, LocalStorage):
        raise NotFound()
    root = _download_root(storage, principal).resolve()
    target = (root / query.file_name).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        raise NotFound()
    data = target.read_bytes()
    if query.delete:
        target.unlink()
    shown = query.file_name.split("_", 1)[-1]  # "<random>_<name>" → "<name>"
    return web.Response(body=data, headers={"Content-Type": "application/octet-stream", **attachment_headers(shown)})


@api.get("/common/download/resource", login_only=True, file=RAW,
         summary="Download a stored upload by its address; nothing outside the storage root")
async def download_resource(request: web.Request, query: ResourceQuery) -> web.StreamResponse:
    storage = request.app[STORAGE]
    resource = query.resource
    name = resource.rsplit("/", 1)[-1]
    if isinstance(storage, S3Storage):
        raise web.HTTPFound(await storage.presigned_get(resource, quote(name)))
    if not resource.startswith(URL_PREFIX + "/"):
        raise NotFound()
    target = storage.resolve(resource[len(URL_PREFIX) + 1:])
    return web.FileResponse(target, headers={"Content-Type": "application/octet-stream", "X-Content-Type-Options":
                                             "nosniff", **attachment_headers(name)})


@api.get("/admin/open/v1/qiniu_upload", login_only=True, response=UploadCredentialsOut,
         summary="Token-based storage: {visitPrefix, token, folderPath}; the token is a short-lived upload "
                 "policy (base64 JSON {url, fields}) for one folder")
async def token_upload_credentials(request: web.Request, query: FolderQuery) -> web.Response:
    storage = request.app[STORAGE]
    if isinstance(storage, S3Storage):
        policy = await storage.upload_policy(query.folder, DIRECT_UPLOAD_LIMIT)
        token = base64.b64encode(orjson.dumps({"url": policy["url"], "fields": policy["fields"]})).decode()
        return ok(data={"visitPrefix": storage.visit_prefix, "token": token, "folderPath": policy["folderPath"]})
    # Local storage: uploads go through the console's own upload call.
    token = base64.b64encode(orjson.dumps({"url": "/common/upload", "fields": {}})).decode()
    return ok(data={"visitPrefix": URL_PREFIX, "token": token, "folderPath": f"{query.folder}/"})


@api.get("/admin/open/v1/oss_upload", login_only=True,
         summary="Key-based storage: temporary credentials (STS) limited to one folder")
async def key_upload_credentials(request: web.Request, principal: Principal, query: FolderQuery) -> web.Response:
    storage = request.app[STORAGE]
    if not isinstance(storage, S3Storage):
        raise ServiceError("未配置对象存储，请使用 /common/upload 上传")
    creds = await storage.temporary_credentials(query.folder, principal.user_id)
    return ok(data={**creds, "token": creds["securityToken"]})


TRANSPORT_CONFIG_TTL = 300  # seconds a RuoYi-Vue3-FastAPI console keeps the answer before asking again


@api.get("/transport/crypto/frontend-config", public=True,
         summary="Transport encryption policy for RuoYi-Vue3-FastAPI consoles: off (TLS protects the transport)")
async def transport_frontend_config(request: web.Request) -> web.Response:
    expires = int(request.app[CLOCK].now().timestamp()) + TRANSPORT_CONFIG_TTL
    return ok(data={
        "transportCryptoEnabled": False, "transportCryptoMode": "off", "transportCryptoActive": False,
        "envelopeVersion": "1", "publicKeyUrl": "/transport/crypto/public-key",
        "requestEnvelopeAlgorithm": "RSA_OAEP_AES_256_GCM", "responseEnvelopeAlgorithm": "AES_256_GCM",
        "enabledPaths": [], "requiredPaths": [], "excludePaths": [], "maxEncryptedGetUrlLength": 4096,
        "configExpireAt": expires, "retryAt": expires,
    })
