"""Where uploads live: local disk (default) or any S3-compatible store, behind one small interface.

Names are never the uploader's: local files go to ``<root>/<folder>/yyyy/MM/dd/<time><random>.<ext>``
and are served at ``/profile/...``; objects get the key ``file/<folder>/<timestamp><10 of [0-9a-z]>.<ext>``
and are served from the store's visit prefix.
"""

from __future__ import annotations

import json
import re
import secrets
import string
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any

from core_api.platform.errors import NotFound, ServiceError

URL_PREFIX = "/profile"
KEY_ALPHABET = string.digits + string.ascii_lowercase
CREDENTIAL_SECONDS = 900


# A stored object's path below its prefix, as this storage names them: segments of letters, digits, '_', '-'
# and '.', none starting with a dot (so never '.' or '..'), no '%', '\\', '?', '#' or empty segment.
STORED_PATH = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}(/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}){0,15}")


def is_stored_address(url: str, public_base: str = "") -> bool:
    """Is this an address of the console's own storage: ``/profile/<path>`` (local disk), or
    ``<public base>/<path>`` (the object store's visit prefix)? Anything else (another host, another
    scheme, a '..' that a browser would resolve to another of the console's own addresses) is not."""
    for prefix in (URL_PREFIX, public_base.rstrip("/")):
        if prefix and url.startswith(prefix + "/") and STORED_PATH.fullmatch(url[len(prefix) + 1:]):
            return True
    return False


def stored_image(url: str, storage: LocalStorage | S3Storage | None, what: str = "图片") -> str:
    """The address unchanged when it is one of the storage's own; else a clear refusal. Every image
    address that the console shows and that a caller may give (chat images, chat avatars) goes through
    here, so the console never loads a foreign or same-origin non-file address as an image."""
    if not is_stored_address(url, storage.visit_prefix if isinstance(storage, S3Storage) else ""):
        raise ServiceError(f"{what}地址不正确：只能使用本系统上传的图片")
    return url


@dataclass(frozen=True)
class Stored:
    file_name: str  # what records keep: "/profile/upload/…" (local) or the object's URL (S3)
    new_file_name: str
    original_filename: str


def original_name(name: str) -> str:
    return PurePosixPath(name.replace("\\", "/")).name[:255]


def object_key(folder: str, ext: str, now: datetime) -> str:
    suffix = "".join(secrets.choice(KEY_ALPHABET) for _ in range(10))
    return f"file/{folder.strip('/')}/{int(now.timestamp() * 1000)}{suffix}.{ext}"


class LocalStorage:
    kind = "local"

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    async def save(self, folder: str, original: str, ext: str, data: bytes, now: datetime) -> Stored:
        rel = PurePosixPath(folder, now.strftime("%Y/%m/%d"), f"{now:%H%M%S}{secrets.token_hex(8)}.{ext}")
        target = self.root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        return Stored(file_name=f"{URL_PREFIX}/{rel}", new_file_name=rel.name,
                      original_filename=original_name(original))

    def resolve(self, rel: str) -> Path:
        """The file for a path below the root; anything that escapes it, or is missing, is not found."""
        if "\x00" in rel:
            raise NotFound()
        target = (self.root / rel.lstrip("/")).resolve()
        if not target.is_relative_to(self.root) or not target.is_file():
            raise NotFound()
        return target

    async def close(self) -> None:
        return None


class S3Storage:
    """Any S3-compatible store through aiobotocore; temporary credentials from its STS when it has one."""

    kind = "s3"

    def __init__(self, endpoint: str, bucket: str, region: str, access_key: str, secret_key: str,
                 visit_prefix: str, role_arn: str = "") -> None:
        from aiobotocore.session import get_session

        self.endpoint, self.bucket, self.region = endpoint or None, bucket, region
        self.visit_prefix = (visit_prefix or f"{endpoint.rstrip('/')}/{bucket}").rstrip("/")
        self.role_arn = role_arn or "arn:aws:iam::000000000000:role/console-uploader"
        self._session = get_session()
        self._credentials = {"aws_access_key_id": access_key, "aws_secret_access_key": secret_key}

    def _client(self, service: str = "s3") -> Any:
        from aiobotocore.config import AioConfig

        # Many S3-compatible stores do not understand botocore's default streamed checksums.
        config = AioConfig(request_checksum_calculation="when_required",
                           response_checksum_validation="when_required", signature_version="s3v4")
        return self._session.create_client(service, region_name=self.region, endpoint_url=self.endpoint,
                                           config=config, **self._credentials)

    async def save(self, folder: str, original: str, ext: str, data: bytes, now: datetime) -> Stored:
        import mimetypes

        key = object_key(folder, ext, now)
        async with self._client() as s3:
            await s3.put_object(Bucket=self.bucket, Key=key, Body=data,
                                ContentType=mimetypes.types_map.get(f".{ext}", "application/octet-stream"))
        return Stored(file_name=f"{self.visit_prefix}/{key}", new_file_name=PurePosixPath(key).name,
                      original_filename=original_name(original))

    def key_of(self, url: str) -> str:
        if not url.startswith(self.visit_prefix + "/"):
            raise NotFound()
        key = url[len(self.visit_prefix) + 1:]
        if ".." in key.split("/") or not key.startswith("file/"):
            raise NotFound()
        return key

    async def presigned_get(self, url: str, filename: str | None = None) -> str:
        key = self.key_of(url)
        params: dict[str, Any] = {"Bucket": self.bucket, "Key": key}
        if filename:
            params["ResponseContentDisposition"] = f"attachment; filename*=UTF-8''{filename}"
        async with self._client() as s3:
            return await s3.generate_presigned_url("get_object", Params=params, ExpiresIn=CREDENTIAL_SECONDS)

    async def upload_policy(self, folder: str, max_bytes: int) -> dict[str, Any]:
        """A presigned POST limited to one folder and a size: the token-based provider's token."""
        prefix = f"file/{folder.strip('/')}/"
        async with self._client() as s3:
            post = await s3.generate_presigned_post(
                self.bucket, prefix + "${filename}",
                Conditions=[["starts-with", "$key", prefix], ["content-length-range", 1, max_bytes]],
                ExpiresIn=CREDENTIAL_SECONDS)
        return {"url": post["url"], "fields": post["fields"], "folderPath": prefix}

    async def temporary_credentials(self, folder: str, user_id: int) -> dict[str, Any]:
        """STS credentials whose session policy allows writing under one folder only."""
        prefix = f"file/{folder.strip('/')}/"
        policy = {"Version": "2012-10-17", "Statement": [{
            "Effect": "Allow", "Action": ["s3:PutObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
            "Resource": [f"arn:aws:s3:::{self.bucket}/{prefix}*"]}]}
        async with self._client("sts") as sts:
            answer = await sts.assume_role(RoleArn=self.role_arn, RoleSessionName=f"console-{user_id}",
                                           DurationSeconds=CREDENTIAL_SECONDS, Policy=json.dumps(policy))
        creds = answer["Credentials"]
        return {"stsAccessKeyId": creds["AccessKeyId"], "stsAccessKeySecret": creds["SecretAccessKey"],
                "securityToken": creds["SessionToken"], "bucket": self.bucket, "region": self.region,
                "visitPrefix": self.visit_prefix, "folderPath": prefix,
                "expiration": creds["Expiration"].isoformat() if hasattr(creds["Expiration"], "isoformat") else
                str(creds["Expiration"])}

    async def close(self) -> None:
        return None


def make_storage(settings: Any) -> LocalStorage | S3Storage:
    if settings.storage_provider == "s3":
        if not settings.s3_bucket:
            raise ServiceError("CONSOLE_S3_BUCKET is required when CONSOLE_STORAGE_PROVIDER=s3")
        return S3Storage(settings.s3_endpoint_url, settings.s3_bucket, settings.s3_region, settings.s3_access_key,
                         settings.s3_secret_key, settings.s3_visit_prefix, settings.s3_role_arn)
    return LocalStorage(Path(settings.var_dir) / "uploads")
