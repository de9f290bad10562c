"""``python -m core_api migrate | seed | demo --consumers N ... | serve --host H --port P``, and
``python -m core_api openapi [--partner] [PATH]``."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from core_api.platform import passwords
from core_api.platform.process import event_loop, load_settings, setup_logging
from core_api.platform.settings import ROOT, Settings


async def _migrate(settings: Settings) -> None:
    from core_api.model_index import model_modules
    from core_api.platform import db

    try:
        await db.migrate(settings, model_modules())
    finally:  # a failed migration too: an open SQLite connection's thread would keep the process alive
        await db.close_db()


async def _seed(settings: Settings) -> None:
    from core_api.model_index import model_modules
    from core_api.platform import db
    from core_api.seed.run import seed

    orm = await db.init_db(settings, model_modules())
    try:
        added = await seed()
    finally:
        await db.close_db(orm)
    print("seeded: " + ", ".join(f"{k} +{v}" for k, v in added.items()))


async def _demo(settings: Settings, args: argparse.Namespace) -> int:
    from core_api import demo
    from core_api.model_index import model_modules
    from core_api.platform import db

    sizes = {}
    for item in args.size:
        name, _, value = item.partition("=")
        if not name or not value.isdigit():
            print(f"--size takes name=count, not {item!r}", file=sys.stderr)
            return 2
        sizes[name] = int(value)
    if args.chat_records is not None:
        sizes["chat_records"] = args.chat_records
    _demo_pictures(settings)
    orm = await db.init_db(settings, model_modules())
    try:
        if await demo.existing_consumers():
            if args.if_empty:
                print("demo: the database already has app users; nothing done")
                return 0
            if not args.reset:
                print("demo: the database already has app users; --reset empties the business tables first",
                      file=sys.stderr)
                return 1
            await demo.reset()
        ctx = await demo.generate(args.consumers, seed=args.seed, sizes=sizes, log=lambda line: print(line, flush=True))
    finally:
        await db.close_db(orm)
    print(f"demo: {sum(ctx.inserted.values())} rows in {len(ctx.inserted)} tables")
    return 0


def _demo_pictures(settings: Settings) -> None:
    """The pictures the demo's records point at, below the local storage's root (every run: --if-empty too)."""
    from core_api.demo import images
    from core_api.platform.storage import LocalStorage, make_storage

    storage = make_storage(settings)
    if isinstance(storage, LocalStorage):
        written = images.write(storage.root)
        if written:
            print(f"demo: drew {written} pictures below {storage.root / 'demo'}")


def _write_document(path: str | None, *, partner: bool) -> None:
    if partner:
        from core_api.partner.document import PARTNER_OPENAPI, write_partner_openapi

        write_partner_openapi(Path(path) if path else PARTNER_OPENAPI)
    else:
        from core_api.app import write_openapi

        write_openapi(Path(path) if path else ROOT / "core_api" / "openapi.json")


def main(argv: list[str] | None = None, *, bus_handlers: Sequence[Callable[[Any], None]] = ()) -> None:
    """``bus_handlers`` register the worker handlers when the API runs the in-process bus: core_api does not
    import the workers package, so ``python -m workers api`` passes them in."""
    parser = argparse.ArgumentParser(prog="core_api")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="apply the database migrations")
    sub.add_parser("seed", help="insert the seed data that is missing")
    demo = sub.add_parser("demo", help="fill the business tables with demo data (bulk inserts)")
    demo.add_argument("--consumers", type=int, default=200, help="app users (default 200)")
    demo.add_argument("--chat-records", type=int, default=None, help="single chat records (default 10 per user)")
    demo.add_argument("--seed", type=int, default=1, help="the random seed: the same seed gives the same data")
    demo.add_argument("--size", action="append", default=[], metavar="NAME=N",
                      help="another table's size, as the feature's demo module names it (e.g. group_records=5000)")
    demo.add_argument("--reset", action="store_true", help="empty the business tables first")
    demo.add_argument("--if-empty", action="store_true", help="do nothing when app users exist (./ops/up)")
    serve = sub.add_parser("serve", help="run the core API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8010)
    serve.add_argument("--reuse-port", action="store_true",
                       help="share the port with the other API processes of this machine (one per core; the kernel "
                            "spreads the connections); serve runs on the broker only, so they hear each other's writes")
    doc = sub.add_parser("openapi", help="write the OpenAPI document")
    doc.add_argument("path", nargs="?", default=None,
                     help="default core_api/openapi.json, with --partner core_api/partner-openapi.json")
    doc.add_argument("--partner", action="store_true",
                     help="the partner API's own document (the calls the clients in clients/ are generated from)")
    args = parser.parse_args(argv)
    setup_logging()
    if args.command == "openapi":
        _write_document(args.path, partner=args.partner)
        return
    settings = load_settings()
    passwords.configure(settings)
    if args.command == "migrate":
        asyncio.run(_migrate(settings))
    elif args.command == "seed":
        asyncio.run(_seed(settings))
    elif args.command == "demo":
        raise SystemExit(asyncio.run(_demo(settings, args)))
    else:
        from aiohttp import web

        from core_api.app import create_app
        from core_api.platform.gc_tuning import tune_for_serving
        from core_api.platform.settings import MAX_HEADER_FIELD, MAX_REQUEST_LINE

        if not settings.amqp_url and not bus_handlers:
            print("configuration error: without CONSOLE_AMQP_URL the API runs the worker handlers itself; "
                  "start it with `python -m workers api`", file=sys.stderr)
            raise SystemExit(2)
        app = create_app(settings, bus_handlers=bus_handlers)
        tune_for_serving()
        web.run_app(app, host=args.host, port=args.port, access_log=None, reuse_port=args.reuse_port or None,
                    loop=event_loop(),
                    max_line_size=MAX_REQUEST_LINE, max_field_size=MAX_HEADER_FIELD,
                    print=lambda *_: print(f"core API on http://{args.host}:{args.port}", flush=True))


if __name__ == "__main__":
    main()
