"""A bare aiohttp handler answering the same bytes from memory: what a core call is measured against.

``python -m ops.bench.bare --port P BODY_FILE...``: GET /0, /1... answer each file's bytes as JSON."""

from __future__ import annotations

import argparse
from pathlib import Path

from aiohttp import web

from core_api.platform.process import event_loop


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("bodies", nargs="+")
    args = parser.parse_args()
    app = web.Application()
    for n, name in enumerate(args.bodies):
        body = Path(name).read_bytes()

        async def answer(_request: web.Request, body: bytes = body) -> web.Response:
            return web.Response(body=body, content_type="application/json")

        app.router.add_get(f"/{n}", answer)

    async def health(_request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app.router.add_get("/health", health)
    web.run_app(app, host="127.0.0.1", port=args.port, print=None, access_log=None, loop=event_loop())  # as the API


if __name__ == "__main__":
    main()
