"""The partner API's own OpenAPI document (``python -m core_api openapi --partner``): the calls declared
``partner=True`` with their answer models, written to ``core_api/partner-openapi.json``; the clients in
``clients/`` are generated from it (clients/README.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from core_api.platform.settings import ROOT

PARTNER_OPENAPI = ROOT / "core_api" / "partner-openapi.json"


def partner_document() -> dict[str, Any]:
    from core_api.app import VERSION, all_endpoints, feature_apis
    from core_api.platform.openapi import build_partner_openapi

    return build_partner_openapi(all_endpoints(feature_apis()), "Console partner API", VERSION)


def write_partner_openapi(path: Path = PARTNER_OPENAPI) -> None:
    path.write_bytes(orjson.dumps(partner_document(), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")
