"""The OpenAPI 3.1 document, built from the pydantic models every route declares."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from core_api.platform.api import RAW, Endpoint

REF = "#/components/schemas/{model}"
# A refusal carries code and msg (the contract leaves data out), whatever the call answers on success; a refused
# body also names each refused field's problem by its wire name in ``fields``.
ERROR_RESULT = {
    "title": "ErrorResult",
    "type": "object",
    "properties": {"code": {"type": "integer", "description": "401, 403, 404, 500 or 601"},
                   "msg": {"type": "string"},
                   "fields": {"type": "object", "additionalProperties": {"type": "string"},
                              "description": "a validation refusal: each field's problem by its wire name"}},
    "required": ["code", "msg"],
}
# What a call without a declared answer model returns: the envelope, with the call's own keys beside code and msg.
RESULT = {
    "title": "Result",
    "type": "object",
    "properties": {"code": {"type": "integer", "description": "200 on success; 401, 403, 404, 500 or 601"},
                   "msg": {"type": "string"}, "data": {}},
    "required": ["code", "msg"],
    "additionalProperties": True,
}


def build_openapi(endpoints: list[Endpoint], title: str, version: str, *, forms: bool = True,
                  signing_headers: bool = True) -> dict[str, Any]:
    """``forms``: bodies are read as forms too (the core's RuoYi calls); the BFF reads JSON only.
    ``signing_headers``: a partner call lists its signing headers as parameters (the partner document leaves them
    to the security scheme: the clients' signing part sends them, not each call's caller)."""
    models: list[tuple[type[BaseModel], Literal["validation", "serialization"]]] = []
    for ep in endpoints:
        if ep.body_model:
            models.append((ep.body_model, "validation"))
        if ep.response_model:
            models.append((ep.response_model, "serialization"))
    keyed, schema = models_json_schema(models, ref_template=REF) if models else ({}, {})
    components = {**schema.get("$defs", {}), "ErrorResult": ERROR_RESULT, "Result": RESULT}
    paths: dict[str, Any] = {}
    for ep in sorted(endpoints, key=lambda e: (e.openapi_path, e.method)):
        op: dict[str, Any] = {
            "operationId": ep.operation_id,
            "summary": ep.summary,
            "tags": [ep.tag],
            "responses": {"200": {"description": "The contract's envelope; the outcome is its `code`."}},
        }
        if ep.partner:
            from core_api.platform.partner import HEADERS

            op["security"] = [{"partnerSignature": []}]
            op["description"] = "For the app's server and partner systems: signed with the partner key " + (
                "(X-Partner-Timestamp, X-Partner-Signature over the path and query as sent); a read, it takes no "
                "Idempotency-Key." if ep.method == "GET" else
                "(X-Partner-Timestamp, X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the "
                "same body answers the stored result, another body code 409.")
        elif ep.public:
            op["security"] = []
        else:
            op["description"] = "Needs a signed-in caller" + (f" with {ep.need.describe()}." if ep.need else ".")
        if ep.response_model:
            ref = keyed[(ep.response_model, "serialization")]
            either = {"anyOf": [ref, {"$ref": REF.format(model="ErrorResult")}]}
            op["responses"]["200"]["content"] = {"application/json": {"schema": either}}
        elif ep.file != RAW:
            op["responses"]["200"]["content"] = {"application/json": {"schema": {"$ref": REF.format(model="Result")}}}
        if ep.file and ep.file != RAW:
            op["responses"]["200"]["content"][ep.file] = {"schema": {"type": "string", "format": "binary"}}
        params = [
            {"name": name, "in": "path", "required": True,
             "schema": {"type": "integer" if typ is int else "string"}}
            for name, typ in ep.path_params.items()
        ]
        if ep.query_model:
            qschema = ep.query_model.model_json_schema(ref_template=REF, by_alias=True)
            required = set(qschema.get("required", []))
            for name, prop in qschema.get("properties", {}).items():
                params.append({"name": name, "in": "query", "required": name in required, "schema": prop})
            components.update(qschema.get("$defs", {}))
        if ep.partner and signing_headers:
            params += [{"name": name, "in": "header", "required": True, "description": text,
                        "schema": {"type": "string"}} for name, text in HEADERS.items()]
        if params:
            op["parameters"] = params
        if ep.body_model:
            # The core reads every body as JSON or as a form (RuoYi clients post sign-in and exports as forms).
            body_schema = {"schema": keyed[(ep.body_model, "validation")]}
            content = {"application/json": body_schema}
            if forms:
                content["application/x-www-form-urlencoded"] = body_schema
            op["requestBody"] = {"required": True, "content": content}
        paths.setdefault(ep.openapi_path, {})[ep.method.lower()] = op
    schemes: dict[str, Any] = {"bearer": {"type": "http", "scheme": "bearer"}}
    if any(ep.partner for ep in endpoints):
        schemes["partnerSignature"] = {
            "type": "apiKey", "in": "header", "name": "X-Partner-Signature",
            "description": "hex HMAC-SHA256, keyed with the partner key, of the X-Partner-Timestamp value, the "
                           "method, the path with `?` and the query string exactly as sent (when there is one), the "
                           "Idempotency-Key value (empty on a read) joined by newlines, then a newline and the raw "
                           "body; the timestamp (unix seconds) within 300 s of the server's clock. A write also "
                           "sends Idempotency-Key (1-128 visible ASCII characters); its signature is accepted once",
        }
    return {
        "openapi": "3.1.0",
        "info": {"title": title, "version": version},
        "paths": paths,
        "components": {
            "schemas": dict(sorted(components.items())),
            "securitySchemes": schemes,
        },
        "security": [{"bearer": []}],
    }


def build_partner_openapi(endpoints: list[Endpoint], title: str, version: str) -> dict[str, Any]:
    """The partner API alone (the calls declared ``partner=True``): what the clients in clients/ are generated
    from. JSON bodies only; every call signed (the partner scheme), no bearer."""
    doc = build_openapi([ep for ep in endpoints if ep.partner], title, version, forms=False, signing_headers=False)
    del doc["components"]["securitySchemes"]["bearer"]
    doc["security"] = [{"partnerSignature": []}]
    props = [p for s in doc["components"]["schemas"].values() for p in s.get("properties", {}).values()]
    params = [p["schema"] for ops in doc["paths"].values() for op in ops.values() for p in op.get("parameters", [])]
    for prop in props + params:
        _enum_title_as_description(prop)
    return doc


def _enum_title_as_description(prop: dict[str, Any]) -> None:
    """A generator names a field's enum type after its title (``WithdrawIn到账渠道``): the title (the field's
    Chinese label) moves to the description and the type is named after the field."""
    if "title" in prop and any("enum" in p for p in [prop, *prop.get("anyOf", [])]):
        title = prop.pop("title")
        prop["description"] = f"{title}: {prop['description']}" if prop.get("description") else title
