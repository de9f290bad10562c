import { describe, expect, it } from "vitest";
import { splitActions } from "./row-actions";

const held = new Set(["system:user:edit", "system:user:remove", "system:user:resetPwd"]);
const allowed = (perms: string | readonly string[]) => (typeof perms === "string" ? [perms] : perms).some((p) => held.has(p));
const action = (id: string, perms?: string) => ({ id, perms });

describe("splitActions", () => {
  it("shows up to three actions inline and no 更多", () => {
    const { inline, more } = splitActions([action("edit", "system:user:edit"), action("remove", "system:user:remove"), action("history")], allowed);
    expect(inline.map((a) => a.id)).toEqual(["edit", "remove", "history"]);
    expect(more).toEqual([]);
  });

  it("puts the fourth and later actions under 更多, in their order", () => {
    const { inline, more } = splitActions([action("a"), action("b"), action("c"), action("d"), action("e")], allowed);
    expect(inline.map((a) => a.id)).toEqual(["a", "b", "c"]);
    expect(more.map((a) => a.id)).toEqual(["d", "e"]);
  });

  it("counts only permitted actions: a hidden one does not push another under 更多", () => {
    const { inline, more } = splitActions(
      [action("edit", "system:user:edit"), action("shelf", "mall:goods:shelf"), action("remove", "system:user:remove"), action("reset", "system:user:resetPwd")],
      allowed,
    );
    expect(inline.map((a) => a.id)).toEqual(["edit", "remove", "reset"]);
    expect(more).toEqual([]);
  });

  it("drops the actions a row leaves out (false, null, undefined)", () => {
    const { inline, more } = splitActions([action("edit"), false, null, undefined, action("remove")], allowed);
    expect(inline.map((a) => a.id)).toEqual(["edit", "remove"]);
    expect(more).toEqual([]);
  });

  it("honours a smaller inline count", () => {
    const { inline, more } = splitActions([action("a"), action("b"), action("c")], allowed, 1);
    expect(inline.map((a) => a.id)).toEqual(["a"]);
    expect(more.map((a) => a.id)).toEqual(["b", "c"]);
  });

  it("shows nothing when nothing is permitted", () => {
    expect(splitActions([action("x", "mall:goods:shelf")], allowed)).toEqual({ inline: [], more: [] });
  });
});
