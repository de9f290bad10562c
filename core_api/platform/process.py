"""What every process (core API, BFF, workers) does first: read its settings and set up logging."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from core_api.platform.settings import Settings


def setup_logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("tortoise").setLevel(logging.WARNING)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)


def load_settings() -> Settings:
    try:
        settings = Settings()
    except ValidationError as exc:
        for err in exc.errors():
            print(f"configuration error: {err['msg']}", file=sys.stderr)
        raise SystemExit(2) from None
    logging.getLogger("console").setLevel(settings.log_level)
    return settings
