"""Storage: local downloads confined to their roots; an S3-compatible store (moto's server on loopback)
for uploads, downloads and the two credential calls."""

from __future__ import annotations

import asyncio
import base64
import socket
import subprocess
import sys
from urllib.parse import quote

import aiohttp
import orjson
import pytest
from aiobotocore.session import get_session

from tests.conftest import Caller, token_for
from tests.test_system_config_notice import PNG


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def upload(caller: Caller, name: str, data: bytes) -> dict:
    form = aiohttp.FormData()
    form.add_field("file", data, filename=name)
    return await caller.post("/common/upload", data=form)


async def test_local_downloads_stay_inside_their_roots(admin, make_settings):
    stored = await upload(admin, "report.pdf", b"%PDF-1.4 test")
    ok = await admin.get("/common/download/resource", params={"resource": stored["fileName"]})
    assert ok.status == 200 and await ok.read() == b"%PDF-1.4 test"
    assert ok.headers["Content-Disposition"].startswith("attachment")
    for bad in ("/profile/../secret_key", "/profile/upload/../../secret_key", "/etc/passwd", "../var/secret_key",
                "/profile/%2e%2e/secret_key"):
        body = await admin.get("/common/download/resource", params={"resource": bad})
        assert body["code"] == 404, bad
    body = await admin.get("/common/download/resource", params={"resource": "/profile/upload/\x00x"})
    assert body == {"code": 500, "msg": "资源不能包含控制字符"}  # refused at the edge, before any lookup
    # Files prepared for a user's download: only theirs, and delete=true removes them.
    root = make_settings().var_dir / "uploads" / "download" / "1"
    root.mkdir(parents=True)
    (root / "abc_用户数据.xlsx").write_bytes(b"PK\x03\x04data")
    got = await admin.get("/common/download", params={"fileName": "abc_用户数据.xlsx", "delete": "true"})
    assert await got.read() == b"PK\x03\x04data"
    assert got.headers["download-filename"] == quote("用户数据.xlsx")
    assert not (root / "abc_用户数据.xlsx").exists()
    assert (await admin.get("/common/download", params={"fileName": "../1/abc.xlsx"}))["code"] == 500
    ry = Caller(admin.client, await token_for(admin.client, "ry"))
    (root / "mine.xlsx").write_bytes(b"x")
    assert (await ry.get("/common/download", params={"fileName": "mine.xlsx"}))["code"] == 404
    assert (await admin.get("/admin/open/v1/oss_upload"))["msg"].startswith("未配置对象存储")


@pytest.fixture
async def s3_server():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],  # noqa: ASYNC220
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:
        for _ in range(100):
            try:
                async with http.get(endpoint):
                    break
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)
    session = get_session()
    async with session.create_client("s3", region_name="us-east-1", endpoint_url=endpoint, aws_access_key_id="k",
                                     aws_secret_access_key="s") as s3:
        await s3.create_bucket(Bucket="console-files")
        # As an operator would: objects under file/ are public (images in notices and chats).
        await s3.put_bucket_policy(Bucket="console-files", Policy=orjson.dumps({
            "Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject",
                                                    "Resource": "arn:aws:s3:::console-files/file/*"}]}).decode())
    yield endpoint
    proc.terminate()
    proc.wait(10)


async def test_uploads_and_credentials_on_an_s3_store(start_app, make_settings, s3_server):
    client = await start_app(make_settings(storage_provider="s3", s3_endpoint_url=s3_server, s3_bucket="console-files",
                                           s3_access_key="k", s3_secret_key="s"))
    admin = Caller(client, await token_for(client))
    stored = await upload(admin, "pixel.png", PNG)
    assert stored["code"] == 200
    assert stored["fileName"].startswith(f"{s3_server}/console-files/file/upload/")
    key = stored["fileName"].split("/console-files/", 1)[1]
    assert len(key.rsplit("/", 1)[1]) == len("1700000000000") + 10 + len(".png")
    async with aiohttp.ClientSession() as http:
        async with http.get(stored["fileName"]) as r:
            assert await r.read() == PNG
    # Download of a stored object: a short-lived signed address.
    moved = await admin.get("/common/download/resource", params={"resource": stored["fileName"]},
                            allow_redirects=False)
    assert moved.status == 302, await moved.text()
    assert "Signature" in moved.headers["Location"]
    assert (await admin.get("/common/download/resource",
                            params={"resource": "http://elsewhere/x.png"}))["code"] == 404
    # Key-based credentials: STS, limited to one folder.
    creds = (await admin.get("/admin/open/v1/oss_upload", params={"folder": "goods"}))["data"]
    assert set(creds) >= {"stsAccessKeyId", "stsAccessKeySecret", "securityToken", "bucket", "region", "visitPrefix",
                          "folderPath"}
    assert creds["folderPath"] == "file/goods/" and creds["bucket"] == "console-files"
    # Token-based: a presigned POST policy the browser uploads with.
    token = (await admin.get("/admin/open/v1/qiniu_upload", params={"folder": "chat"}))["data"]
    policy = orjson.loads(base64.b64decode(token["token"]))
    form = aiohttp.FormData()
    for name, value in policy["fields"].items():
        form.add_field(name, value.replace("${filename}", "direct.png"))
    form.add_field("file", PNG, filename="direct.png")
    async with aiohttp.ClientSession() as http:
        async with http.post(policy["url"], data=form) as r:
            assert r.status in (200, 204), await r.text()
        async with http.get(f"{token['visitPrefix']}/file/chat/direct.png") as r:
            assert await r.read() == PNG
    assert (await admin.get("/admin/open/v1/qiniu_upload", params={"folder": "../x"}))["code"] == 500
