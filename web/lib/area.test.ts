import { describe, expect, it } from "vitest";
import { ancestorCodes, chainTo, choose, type RegionNode, valueOf } from "./area";

const node = (code: string, name: string, level: number): RegionNode => ({ code, name, level, parentCode: null, path: name, leaf: level === 4, hasChildren: level < 4 });

describe("area picker", () => {
  it("derives the possible ancestors of a code", () => {
    expect(ancestorCodes("110105")).toEqual(["110000", "110100"]);
    expect(ancestorCodes("110105001")).toEqual(["110000", "110100", "110105"]);
    expect(ancestorCodes("110100")).toEqual(["110000"]);
    expect(ancestorCodes("110000")).toEqual([]);
    expect(ancestorCodes("810001")).toEqual(["810000"]);
    expect(ancestorCodes("11x")).toEqual([]);
  });

  it("drops the deeper choices when a level changes, and gives the deepest code", () => {
    const chain = ["110000", "110100", "110105"];
    expect(choose(chain, 1, "110100")).toEqual(["110000", "110100"]);
    expect(choose(chain, 0, "310000")).toEqual(["310000"]);
    expect(choose(chain, 2, "")).toEqual(["110000", "110100"]);
    expect(valueOf(choose(chain, 0, ""))).toBe("");
    expect(valueOf(chain)).toBe("110105");
  });

  it("finds the chain of a stored code among the loaded levels, skipping a missing city", () => {
    const levels = [
      [node("110000", "北京市", 1), node("810000", "香港特别行政区", 1)],
      [node("810001", "中西区", 3), node("810002", "湾仔区", 3)],
    ];
    expect(chainTo("810002", levels)).toEqual(["810000", "810002"]);
    expect(chainTo("110105", [[node("110000", "北京市", 1)], [node("110100", "北京市", 2)], [node("110105", "朝阳区", 3)]])).toEqual(["110000", "110100", "110105"]);
  });
});
