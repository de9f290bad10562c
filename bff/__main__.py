"""``python -m bff serve --host H --port P | openapi``."""

from __future__ import annotations

import argparse

from core_api.platform.process import event_loop, load_settings, setup_logging


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bff")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the BFF")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8020)
    sub.add_parser("openapi", help="write bff/openapi.json")
    args = parser.parse_args(argv)
    setup_logging()
    if args.command == "openapi":
        from bff.app import write_openapi

        write_openapi()
        return
    from aiohttp import web

    from bff.app import create_app
    from core_api.platform.gc_tuning import tune_for_serving
    from core_api.platform.settings import MAX_HEADER_FIELD, MAX_REQUEST_LINE

    settings = load_settings()
    app = create_app(settings)
    tune_for_serving()
    web.run_app(app, host=args.host, port=args.port, access_log=None, max_line_size=MAX_REQUEST_LINE, loop=event_loop(),
                max_field_size=MAX_HEADER_FIELD,
                print=lambda *_: print(f"BFF on http://{args.host}:{args.port}", flush=True))


if __name__ == "__main__":
    main()
