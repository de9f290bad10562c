import { describe, expect, it } from "vitest";
import en from "@/messages/messaging/en.json";
import zh from "@/messages/messaging/zh-CN.json";
import shell from "@/messages/zh-CN.json";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe("the chat and message centre's messages", () => {
  it("have the same keys in both languages, under top-level keys of their own", () => {
    expect(Object.keys(zh).sort()).toEqual(["chat", "messageCenter"]);
    expect(Object.keys(zh).filter((key) => key in shell)).toEqual([]);
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it("carry the spec's wording", () => {
    expect(zh.chat.title).toBe("客服消息（{count}）");
    expect(zh.chat.emptyMessage).toBe("请输入要发送的内容");
    expect(zh.chat.send).toBe("发送");
  });
});
