import { describe, expect, it } from "vitest";
import { carryDraft, paramDraft, paramFields, parseParams } from "./monitor-params";

// the schemas GET /monitor/job/handlers answers (pydantic's model_json_schema(by_alias=True))
const HEARTBEAT = {
  additionalProperties: false,
  properties: {
    holdSeconds: { default: 0, description: "keep the run open", maximum: 300, minimum: 0, title: "占用秒数", type: "number" },
  },
  title: "Heartbeat",
  type: "object",
};
const RETENTION = {
  additionalProperties: false,
  properties: {
    days: { anyOf: [{ maximum: 3650, minimum: 1, type: "integer" }, { type: "null" }], default: null, title: "保留天数" },
  },
  title: "LogRetention",
  type: "object",
};
const NO_PARAMS = { additionalProperties: false, properties: {}, title: "NoParams", type: "object" };
const MIXED = {
  $defs: { Mode: { enum: ["fast", "slow"], title: "Mode", type: "string" } },
  properties: {
    name: { maxLength: 5, minLength: 1, title: "名称", type: "string" },
    note: { anyOf: [{ type: "string" }, { type: "null" }], default: null, title: "Note" },
    dryRun: { default: false, title: "试运行", type: "boolean" },
    strict: { anyOf: [{ type: "boolean" }, { type: "null" }], default: null },
    mode: { $ref: "#/$defs/Mode", default: "fast" },
    ratio: { exclusiveMinimum: 0, type: "number", title: "Ratio" },
    tags: { items: { type: "string" }, type: "array", default: [] },
    code: { pattern: "^[A-Z]+$", type: "string", default: "A" },
  },
  required: ["name", "ratio"],
  type: "object",
};

describe("paramFields", () => {
  it("reads a number with bounds and a default", () => {
    expect(paramFields(HEARTBEAT)).toEqual([
      {
        name: "holdSeconds",
        label: "占用秒数",
        description: "keep the run open",
        kind: "number",
        nullable: false,
        required: false,
        defaultValue: 0,
        min: 0,
        max: 300,
      },
    ]);
  });

  it("reads a nullable integer from anyOf", () => {
    const [days] = paramFields(RETENTION);
    expect(days).toMatchObject({ name: "days", label: "保留天数", kind: "integer", nullable: true, required: false, min: 1, max: 3650, defaultValue: null });
  });

  it("gives no fields for a handler without parameters, or no schema", () => {
    expect(paramFields(NO_PARAMS)).toEqual([]);
    expect(paramFields(undefined)).toEqual([]);
    expect(paramFields("x")).toEqual([]);
  });

  it("reads strings, booleans, choices through $ref, arrays as JSON and required fields", () => {
    const fields = Object.fromEntries(paramFields(MIXED).map((field) => [field.name, field]));
    expect(fields.name).toMatchObject({ kind: "string", required: true, minLength: 1, maxLength: 5, label: "名称" });
    expect(fields.note).toMatchObject({ kind: "string", nullable: true, required: false });
    expect(fields.dryRun).toMatchObject({ kind: "boolean", nullable: false, defaultValue: false });
    expect(fields.strict).toMatchObject({ kind: "boolean", nullable: true, label: "strict" });
    expect(fields.mode).toMatchObject({ kind: "enum", options: ["fast", "slow"], defaultValue: "fast" });
    expect(fields.ratio).toMatchObject({ kind: "number", required: true, exclusiveMin: 0 });
    expect(fields.tags).toMatchObject({ kind: "json", defaultValue: [] });
    expect(fields.code).toMatchObject({ kind: "string", pattern: "^[A-Z]+$" });
  });
});

describe("paramDraft and parseParams", () => {
  it("round-trips a job's values", () => {
    const fields = paramFields(HEARTBEAT);
    expect(paramDraft(fields)).toEqual({ holdSeconds: "0" });
    const draft = paramDraft(fields, { holdSeconds: 2.5 });
    expect(draft).toEqual({ holdSeconds: "2.5" });
    expect(parseParams(fields, draft)).toEqual({ ok: true, values: { holdSeconds: 2.5 } });
  });

  it("checks numbers against their type and bounds", () => {
    const fields = paramFields(HEARTBEAT);
    expect(parseParams(fields, { holdSeconds: "abc" })).toEqual({ ok: false, errors: { holdSeconds: { key: "number" } } });
    expect(parseParams(fields, { holdSeconds: "301" })).toEqual({ ok: false, errors: { holdSeconds: { key: "max", limit: 300 } } });
    expect(parseParams(fields, { holdSeconds: "-1" })).toEqual({ ok: false, errors: { holdSeconds: { key: "min", limit: 0 } } });
    // empty leaves the default to the server
    expect(parseParams(fields, { holdSeconds: "" })).toEqual({ ok: true, values: {} });
  });

  it("sends null for an empty nullable field and refuses a decimal integer", () => {
    const fields = paramFields(RETENTION);
    expect(paramDraft(fields)).toEqual({ days: "" });
    expect(parseParams(fields, { days: "" })).toEqual({ ok: true, values: { days: null } });
    expect(parseParams(fields, { days: " 30 " })).toEqual({ ok: true, values: { days: 30 } });
    expect(parseParams(fields, { days: "1.5" })).toEqual({ ok: false, errors: { days: { key: "integer" } } });
    expect(parseParams(fields, { days: "0" })).toEqual({ ok: false, errors: { days: { key: "min", limit: 1 } } });
  });

  it("parses booleans, choices, strings and JSON", () => {
    const fields = paramFields(MIXED);
    const draft = paramDraft(fields);
    expect(draft).toEqual({ name: "", note: "", dryRun: "false", strict: "", mode: "fast", ratio: "", tags: "[]", code: "A" });
    expect(parseParams(fields, draft)).toEqual({ ok: false, errors: { name: { key: "required" }, ratio: { key: "required" } } });
    const filled = { ...draft, name: "abc", ratio: "0.5", dryRun: "true", strict: "false", mode: "slow", tags: '["a"]', note: "" };
    expect(parseParams(fields, filled)).toEqual({
      ok: true,
      values: { name: "abc", note: null, dryRun: true, strict: false, mode: "slow", ratio: 0.5, tags: ["a"], code: "A" },
    });
    const bad = { ...filled, name: "toolong", ratio: "0", mode: "medium", tags: "[", code: "a" };
    expect(parseParams(fields, bad)).toEqual({
      ok: false,
      errors: {
        name: { key: "maxLength", limit: 5 },
        ratio: { key: "min", limit: 0 },
        mode: { key: "option" },
        tags: { key: "json" },
        code: { key: "pattern", limit: "^[A-Z]+$" },
      },
    });
  });

  it("carries over what was typed when the handler changes", () => {
    const fields = paramFields(MIXED);
    expect(carryDraft(fields, { name: "kept", holdSeconds: "3" })).toMatchObject({ name: "kept", mode: "fast" });
    expect(carryDraft(paramFields(HEARTBEAT), { name: "kept" })).toEqual({ holdSeconds: "0" });
  });
});
