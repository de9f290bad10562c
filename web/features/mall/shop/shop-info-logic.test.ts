import { describe, expect, it } from "vitest";
import { infoBody, type ShopInfo, toInfoForm } from "./shop-info-logic";

const info: ShopInfo = { id: 7, name: "鲜果时光", logo: "", contact: "李", phone: "", areaCode: "110105", address: "", lng: 116.48, lat: null, intro: "", rateBp: 500, shelf: "1", brandSale: "0",
  settledId: null, sort: 0, createTime: "2026-03-01 10:00:00", updateBy: "", updateTime: null };

describe("the shop info form", () => {
  it("loads numbers as text and saves them rounded to 6 decimals", () => {
    const form = toInfoForm(info);
    expect(form.lng).toBe("116.48");
    expect(form.lat).toBe("");
    expect(infoBody(7, { ...form, lng: "116.4812345678", name: " 鲜果 " })).toMatchObject({ id: 7, name: "鲜果", lng: 116.481235, lat: null });
  });
  it("refuses an empty name and a coordinate out of range", () => {
    expect(infoBody(7, { ...toInfoForm(info), name: "  " })).toBe("nameRequired");
    expect(infoBody(7, { ...toInfoForm(info), lat: "91" })).toBe("badCoordinate");
    expect(infoBody(7, { ...toInfoForm(info), lng: "east" })).toBe("badCoordinate");
  });
});
