import { describe, expect, it } from "vitest";
import { changedValues, groupConfigs, keyPrefix } from "./config-groups";

const rows = [
  { configKey: "sys.user.initPassword", configValue: "123456" },
  { configKey: "sys.account.captchaEnabled", configValue: "true" },
  { configKey: "plain", configValue: "x" },
  { configKey: "sys.account.registerUser", configValue: "false" },
];

describe("config groups", () => {
  it("takes everything before the last dot as the prefix", () => {
    expect(keyPrefix("sys.account.captchaEnabled")).toBe("sys.account");
    expect(keyPrefix("plain")).toBe("");
  });

  it("groups by prefix, sorted, keys without one last", () => {
    const groups = groupConfigs(rows);
    expect(groups.map((g) => g.prefix)).toEqual(["sys.account", "sys.user", ""]);
    expect(groups[0].items.map((r) => r.configKey)).toEqual(["sys.account.captchaEnabled", "sys.account.registerUser"]);
  });

  it("sends only the changed values", () => {
    expect(changedValues(rows, { "sys.user.initPassword": "123456", "sys.account.captchaEnabled": "false" })).toEqual([
      { configKey: "sys.account.captchaEnabled", configValue: "false" },
    ]);
  });
});
