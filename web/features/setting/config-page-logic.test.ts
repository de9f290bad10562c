import { describe, expect, it } from "vitest";
import { type ConfigField, showValue, toBody, toForm } from "./config-page-logic";

const field = (name: string, kind: ConfigField["kind"], secret = false): ConfigField => ({
  name, label: name, kind, secret, required: false, help: "", default: null, min: null, max: null, maxLength: null, options: null,
});
const fields = [field("enabled", "switch"), field("limit", "int"), field("receivers", "lines"), field("token", "secret", true), field("name", "text")];

describe("config page form", () => {
  it("loads secrets blank and lists as lines", () => {
    expect(toForm(fields, { enabled: true, limit: 5, receivers: ["a", "b"], token: "", name: "x" })).toEqual({
      enabled: true, limit: "5", receivers: "a\nb", token: "", name: "x",
    });
  });
  it("saves the whole object in its types with the loaded version and scope", () => {
    const body = toBody(fields, { enabled: false, limit: "12", receivers: " a \n\nb", token: "", name: "n" }, 3, { name: "platform", value: "ios" });
    expect(body).toEqual({ version: 3, enabled: false, limit: 12, receivers: ["a", "b"], token: "", name: "n", platform: "ios" });
  });
  it("shows and takes money in yuan while the wire carries fen", () => {
    const money = [field("minAmount", "money")];
    expect(toForm(money, { minAmount: 1250 })).toEqual({ minAmount: "12.50" });
    expect(toBody(money, { minAmount: "12.5" }, 1)).toEqual({ version: 1, minAmount: 1250 });
    expect(toBody(money, { minAmount: "" }, 1)).toEqual({ version: 1, minAmount: null });
    expect(toBody(money, { minAmount: "1.234" }, 1)).toEqual({ version: 1, minAmount: "1.234" });
  });
  it("shows history values briefly", () => {
    expect(showValue(true)).toBe("✓");
    expect(showValue("")).toBe("—");
    expect(showValue(["清新", "复古"])).toBe("清新、复古");
  });
});
