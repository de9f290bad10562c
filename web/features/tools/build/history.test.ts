import { describe, expect, it } from "vitest";
import { canRedo, canUndo, commit, HISTORY_LIMIT, historyKey, redo, start, undo } from "./history";

describe("undo and redo", () => {
  it("walks back and forth, and a new change drops what could be redone", () => {
    let h = start(0);
    h = commit(h, 1);
    h = commit(h, 2);
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe(1);
    h = undo(h);
    expect(h.present).toBe(0);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(1);
    h = commit(h, 5);
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual([0, 1]);
  });

  it("merges successive changes with the same key into one step", () => {
    let h = start("");
    h = commit(h, "a", "label:f1");
    h = commit(h, "ab", "label:f1");
    h = commit(h, "abc", "label:f1");
    expect(undo(h).present).toBe("");
    h = commit(h, "abcd", "name:f1");
    expect(undo(h).present).toBe("abc");
  });

  it("keeps at most the limit of steps", () => {
    let h = start(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = commit(h, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
  });

  it("reads Ctrl-Z as undo and Ctrl-Shift-Z or Ctrl-Y as redo", () => {
    const key = (k: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => historyKey({ key: k, ctrlKey: true, metaKey: false, shiftKey: false, ...extra });
    expect(key("z")).toBe("undo");
    expect(key("Z", { shiftKey: true })).toBe("redo");
    expect(key("y")).toBe("redo");
    expect(key("z", { ctrlKey: false, metaKey: true })).toBe("undo");
    expect(key("z", { ctrlKey: false })).toBeNull();
    expect(key("a")).toBeNull();
  });
});
