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
  it("shows history values briefly", () => {
    expect(showValue(true)).toBe("✓");
    expect(showValue("")).toBe("—");
    expect(showValue(["清新", "复古"])).toBe("清新、复古");
  });
});
