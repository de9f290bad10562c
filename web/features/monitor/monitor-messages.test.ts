import { describe, expect, it } from "vitest";
import en from "@/messages/monitor/en.json";
import zh from "@/messages/monitor/zh-CN.json";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe("the monitor screens' messages", () => {
  it("have the same keys in both languages, under the area's own top-level key", () => {
    expect(Object.keys(zh)).toEqual(["monitor"]);
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it("leave no message empty", () => {
    for (const messages of [zh, en]) {
      const empty = keys(messages).filter((key) => !String(key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages)).trim());
      expect(empty).toEqual([]);
    }
  });
});
