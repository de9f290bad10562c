import { describe, expect, it } from "vitest";
import { clickToValue, COUNTRY, openingView, parseLocation, resultLabel, resultToValue, round6, tileSource } from "./logic";

describe("the map picker's values", () => {
  it("keeps coordinates to 6 decimals", () => {
    expect(round6(116.41712345678)).toBe(116.417123);
    expect(round6(-0.0000005)).toBe(-0);
    expect(clickToValue(116.39712849, 39.91652751, "北京市东城区")).toEqual({ address: "北京市东城区", lng: 116.397128, lat: 39.916528 });
  });

  it("reads a result's location and refuses a bad one", () => {
    expect(parseLocation("116.397029,39.917839")).toEqual([116.397029, 39.917839]);
    expect(parseLocation("116.3970291234, 39.9")).toEqual([116.397029, 39.9]);
    expect(parseLocation("oops")).toBeNull();
    expect(parseLocation("200,10")).toBeNull();
    expect(parseLocation("1,2,3")).toBeNull();
  });

  it("turns a chosen result into address and location", () => {
    expect(resultToValue({ id: "service-1", name: "协和医院", location: "116.417,39.913", address: "北京市东城区帅府园1号" })).toEqual({
      address: "北京市东城区帅府园1号协和医院",
      lng: 116.417,
      lat: 39.913,
    });
    expect(resultToValue({ id: "r", name: "广东省", location: "113.280637,23.125178", address: "广东省" })).toEqual({ address: "广东省", lng: 113.280637, lat: 23.125178 });
    expect(resultToValue({ id: "x", name: "无地址", location: "1,2", address: "" })?.address).toBe("无地址");
    expect(resultToValue({ id: "x", name: "坏", location: "", address: "" })).toBeNull();
  });

  it("labels results and opens on the value, else the configured city, else the country", () => {
    expect(resultLabel({ id: "a", name: "王府井百货", location: "1,2", address: "王府井大街255号", distance: 1234 })).toBe("王府井百货（王府井大街255号） · 1.2km");
    expect(resultLabel({ id: "a", name: "店", location: "1,2", address: "", distance: 80 })).toBe("店 · 80m");
    const canton = { name: "广州市", longitude: 113.264, latitude: 23.129, zoom: 9.5 };
    expect(openingView({ address: "", lng: 113.2, lat: 23.1 }, canton)).toEqual({ center: [113.2, 23.1], zoom: 16 });
    expect(openingView({ address: "", lng: null, lat: null }, canton)).toEqual({ center: [113.264, 23.129], zoom: 9.5 });
    expect(openingView(null, null)).toEqual(COUNTRY);
  });

  it("uses tiles only when an address is configured", () => {
    expect(tileSource("")).toBeNull();
    expect(tileSource("javascript:alert(1)/{z}")).toBeNull();
    expect(tileSource("https://tiles.example.cn/{z}/{x}/{y}.png")).toEqual({ type: "raster", tiles: ["https://tiles.example.cn/{z}/{x}/{y}.png"], tileSize: 256 });
  });
});
