import { describe, expect, it } from "vitest";
import shell from "../messages/zh-CN.json";
import content from "../messages/content/zh-CN.json";
import charts from "../messages/charts/zh-CN.json";
import messaging from "../messages/messaging/zh-CN.json";
import monitor from "../messages/monitor/zh-CN.json";
import resources from "../messages/resources/zh-CN.json";
import tools from "../messages/tools/zh-CN.json";

/** Words that stay as they are in a Chinese interface: names of products, protocols and SQL. */
const KEPT = new Set(["Python", "Redis", "LIKE", "BETWEEN", "URL", "Ctrl", "Shift", "Enter", "Esc", "MB", "KB", "GB", "CPU", "JVM", "IP"]);

function entries(value: unknown, prefix = ""): [string, string][] {
  if (typeof value !== "object" || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, inner]) => entries(inner, prefix ? `${prefix}.${key}` : key));
}

/** English left in a message: two English words in a row, or a message of Latin letters only. */
function english(text: string): boolean {
  const plain = text
    .replace(/\{[^}]*\}/g, " ") // placeholders
    .replace(/[\w-]+[._:][\w.:-]+/g, " ") // identifiers: sys_kv, sys.log.retentionDays
    .split(/\s+/)
    .filter((word) => !KEPT.has(word.replace(/[^A-Za-z]/g, "")))
    .join(" ");
  if (/\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/.test(plain)) return true;
  return /[A-Za-z]{3,}/.test(plain) && !/[\u4e00-\u9fff]/.test(plain);
}

describe("the Chinese interface's messages", () => {
  it("carry no English sentences", () => {
    const all = [shell, messaging, monitor, tools, resources, content, charts].flatMap((messages) => entries(messages));
    expect(all.filter(([, text]) => english(text))).toEqual([]);
  });

  it("would notice one", () => {
    expect(english("未配置 Redis：短期键存放在 database table sys_kv")).toBe(true);
    expect(english("Medium")).toBe(true);
    expect(english("未配置 Redis：短期键存放在数据库表 sys_kv")).toBe(false);
  });
});
