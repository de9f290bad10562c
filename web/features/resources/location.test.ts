import { describe, expect, it } from "vitest";
import { bodyOf, coordinateNames, formSchema, pickedOf, type RuleWords } from "./logic";

const words: RuleWords = {
  required: (l) => `${l}不能为空`,
  tooLong: (l) => `${l}太长`,
  tooSmall: (l) => `${l}太小`,
  tooLarge: (l) => `${l}太大`,
  invalid: (l) => `${l}格式不正确`,
};
const fields = [
  { name: "address", kind: "location" as const, label: "服务地址" },
  { name: "longitude", kind: "lng" as const, label: "经度" },
  { name: "latitude", kind: "lat" as const, label: "纬度" },
];

describe("a location field and its companions", () => {
  it("finds the companions and hands the picker numbers", () => {
    expect(coordinateNames(fields)).toEqual({ lng: "longitude", lat: "latitude" });
    expect(pickedOf("北京", "116.4", "39.9")).toEqual({ address: "北京", lng: 116.4, lat: 39.9 });
    expect(pickedOf("", "", undefined)).toEqual({ address: "", lng: null, lat: null });
  });

  it("sends coordinates as numbers kept to 6 decimals, empty as null", () => {
    expect(bodyOf(fields, { address: "北京市东城区", longitude: "116.41712345", latitude: "39.9130004" })).toEqual({ address: "北京市东城区", longitude: 116.417123, latitude: 39.913 });
    expect(bodyOf(fields, { address: "", longitude: "", latitude: "" })).toEqual({ address: "", longitude: null, latitude: null });
  });

  it("refuses coordinates out of range", () => {
    const schema = formSchema(fields, words);
    expect(schema.safeParse({ address: "x", longitude: "116.4", latitude: "39.9" }).success).toBe(true);
    const bad = schema.safeParse({ address: "x", longitude: "181", latitude: "abc" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(["纬度格式不正确", "经度格式不正确"]);
  });
});
