import { describe, expect, it } from "vitest";
import { clampPage, easeInOutQuad, moreTarget, pageAfterSizeChange, pageCount, pagerCountFor, pagerItems, pageTurn } from "./pager";

describe("pager", () => {
  it("has 5 buttons below 992 px and 7 from there", () => {
    expect(pagerCountFor(991)).toBe(5);
    expect(pagerCountFor(992)).toBe(7);
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it("lists every page when they fit", () => {
    expect(pagerItems(1, 7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(2, 3, 5)).toEqual([1, 2, 3]);
  });

  it("puts a jump after the first pages", () => {
    expect(pagerItems(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, "next-more", 20]);
    expect(pagerItems(3, 20, 5)).toEqual([1, 2, 3, 4, "next-more", 20]);
  });

  it("puts a jump before the last pages", () => {
    expect(pagerItems(20, 20, 7)).toEqual([1, "prev-more", 15, 16, 17, 18, 19, 20]);
    expect(pagerItems(19, 20, 5)).toEqual([1, "prev-more", 17, 18, 19, 20]);
  });

  it("centres the current page between two jumps", () => {
    expect(pagerItems(10, 20, 7)).toEqual([1, "prev-more", 8, 9, 10, 11, 12, "next-more", 20]);
    expect(pagerItems(10, 20, 5)).toEqual([1, "prev-more", 9, 10, 11, "next-more", 20]);
  });

  it("jumps pagerCount - 2 pages, within bounds", () => {
    expect(moreTarget("next-more", 10, 20, 7)).toBe(15);
    expect(moreTarget("prev-more", 3, 20, 7)).toBe(1);
    expect(moreTarget("next-more", 18, 20, 7)).toBe(20);
  });

  it("clamps pages and keeps the first row in view after a size change", () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(pageAfterSizeChange(3, 20, 50, 200)).toBe(1);
    expect(pageAfterSizeChange(5, 10, 20, 200)).toBe(3);
    expect(pageAfterSizeChange(10, 10, 50, 60)).toBe(2);
  });

  it("eases in and out", () => {
    expect(easeInOutQuad(0, 800, -800, 800)).toBe(800);
    expect(easeInOutQuad(400, 800, -800, 800)).toBe(400);
    expect(easeInOutQuad(800, 800, -800, 800)).toBe(0);
  });
});

describe("pageTurn", () => {
  const here = { pageNum: 3, pageSize: 10 };
  it("carries the cursor one page on with the same size, and only then", () => {
    expect(pageTurn(here, { pageNum: 4, pageSize: 10 }, "c4")).toEqual({ pageNum: 4, pageSize: 10, after: "c4" });
    expect(pageTurn(here, { pageNum: 5, pageSize: 10 }, "c4")).toEqual({ pageNum: 5, pageSize: 10, after: null });
    expect(pageTurn(here, { pageNum: 2, pageSize: 10 }, "c4")).toEqual({ pageNum: 2, pageSize: 10, after: null });
    expect(pageTurn(here, { pageNum: 4, pageSize: 20 }, "c4")).toEqual({ pageNum: 4, pageSize: 20, after: null });
    expect(pageTurn(here, { pageNum: 4, pageSize: 10 }, null)).toEqual({ pageNum: 4, pageSize: 10, after: null });
  });
  it("leaves a list without cursors as it was", () => {
    expect(pageTurn(here, { pageNum: 4, pageSize: 10 }, undefined)).toEqual({ pageNum: 4, pageSize: 10 });
  });
});
