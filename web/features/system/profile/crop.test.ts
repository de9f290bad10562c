import { describe, expect, it } from "vitest";
import { centredOffset, clampOffset, coverScale, cropSource, outputSize, zoomAround } from "./crop";

const wide = { width: 800, height: 400 };

describe("square crop", () => {
  it("covers the box with the shorter side", () => {
    expect(coverScale(wide, 200)).toBe(0.5);
    expect(coverScale({ width: 100, height: 300 }, 200)).toBe(2);
  });

  it("starts centred and crops the middle square", () => {
    const scale = coverScale(wide, 200);
    const offset = centredOffset(wide, scale, 200);
    expect(offset).toEqual({ x: -100, y: 0 });
    expect(cropSource(offset, scale, 200)).toEqual({ sx: 200, sy: 0, size: 400 });
  });

  it("never lets the image leave a gap in the box", () => {
    expect(clampOffset({ x: 50, y: 30 }, wide, 0.5, 200)).toEqual({ x: 0, y: 0 });
    expect(clampOffset({ x: -500, y: -10 }, wide, 0.5, 200)).toEqual({ x: -200, y: 0 });
  });

  it("zooms around the centre of the box", () => {
    const offset = zoomAround({ x: -100, y: 0 }, wide, 0.5, 1, 200);
    expect(offset).toEqual({ x: -300, y: -100 });
    expect(cropSource(offset, 1, 200)).toEqual({ sx: 300, sy: 100, size: 200 });
  });

  it("draws at the crop's size, at most 400 px", () => {
    expect(outputSize(180.4)).toBe(180);
    expect(outputSize(1200)).toBe(400);
  });
});
