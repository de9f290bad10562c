import { describe, expect, it } from "vitest";
import {
  addView,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeView,
  HOME_VIEW,
  lastViewPath,
  type VisitedView,
} from "./tags";

const view = (path: string, query = ""): VisitedView => ({ path, fullPath: path + query, title: path });
const paths = (views: VisitedView[]) => views.map((item) => item.path);
const tabs = [HOME_VIEW, view("/a"), view("/b"), view("/c"), view("/d")];

describe("tags view", () => {
  it("adds each path once and refreshes its query", () => {
    let views = addView([HOME_VIEW], view("/a"));
    views = addView(views, view("/a", "?x=1"));
    expect(paths(views)).toEqual(["/index", "/a"]);
    expect(views[1].fullPath).toBe("/a?x=1");
  });

  it("closes one tab but never Home", () => {
    expect(paths(closeView(tabs, "/b"))).toEqual(["/index", "/a", "/c", "/d"]);
    expect(paths(closeView(tabs, "/index"))).toEqual(paths(tabs));
  });

  it("closes the others, keeping Home and the chosen tab", () => {
    expect(paths(closeOthers(tabs, "/c"))).toEqual(["/index", "/c"]);
  });

  it("closes to the left and to the right", () => {
    expect(paths(closeLeft(tabs, "/c"))).toEqual(["/index", "/c", "/d"]);
    expect(paths(closeRight(tabs, "/b"))).toEqual(["/index", "/a", "/b"]);
  });

  it("closes all but Home", () => {
    expect(paths(closeAll(tabs))).toEqual(["/index"]);
  });

  it("falls back to the newest tab, then Home", () => {
    expect(lastViewPath(tabs)).toBe("/d");
    expect(lastViewPath([])).toBe("/index");
  });
});
