import { describe, expect, it } from "vitest";
import { bodyOf, formSchema, formValues } from "./logic";
import { categoryChoices, choiceLabel, goodsSearchParams, joinIds, labelsOf, leafChoices, parseIds, pickFor, toggleId } from "./picker-logic";

// the goods category tree as the BFF's category options answer it
const tree = [
  { id: 1, name: "服饰", children: [{ id: 11, name: "T恤" }, { id: 12, name: "衬衫" }] },
  { id: 2, name: "礼品卡", children: [] },
  { id: 3, name: "数码", children: [{ id: 31, name: "耳机" }] },
];
const scopePicks = { category: "category", goods: "goods", except: "goods" } as const;

describe("category choices", () => {
  it("the filter offers every category, parents before their children", () => {
    expect(categoryChoices(tree).map((c) => [c.id, c.depth, c.leaf])).toEqual([
      [1, 0, false], [11, 1, true], [12, 1, true], [2, 0, true], [3, 0, false], [31, 1, true],
    ]);
    expect(categoryChoices(null)).toEqual([]);
  });

  it("a goods item names only leaves: a first-level category with children is not offered, one without is", () => {
    expect(leafChoices(tree).map((c) => c.id)).toEqual([11, 12, 2, 31]);
    expect(leafChoices(tree).map(choiceLabel)).toEqual(["服饰 / T恤", "服饰 / 衬衫", "礼品卡", "数码 / 耳机"]);
  });
});

describe("a coupon's targets", () => {
  it("reads and writes the stored comma text of ids", () => {
    expect(parseIds("3, 1,,2,3")).toEqual([3, 1, 2]);
    expect(parseIds("1,a,-2,0,7")).toEqual([1, 7]);
    expect(parseIds("")).toEqual([]);
    expect(parseIds(null)).toEqual([]);
    expect(joinIds([3, 1, 2])).toBe("3,1,2");
    expect(joinIds(toggleId(toggleId(parseIds("5,6"), 6), 9))).toBe("5,9");
  });

  it("follows the scope: all hides the picker, a category scope picks categories, goods and except pick goods", () => {
    expect(pickFor(scopePicks, "all")).toBeNull();
    expect(pickFor(scopePicks, "category")).toBe("category");
    expect(pickFor(scopePicks, "goods")).toBe("goods");
    expect(pickFor(scopePicks, "except")).toBe("goods");
    expect(pickFor(scopePicks, undefined)).toBeNull();
    expect(pickFor(null, "goods")).toBeNull();
  });

  it("shows chosen goods by name, an unknown one by its id", () => {
    expect(labelsOf([7, 8], new Map([[7, "纯棉T恤"]]))).toEqual([{ id: 7, name: "纯棉T恤" }, { id: 8, name: "#8" }]);
  });

  it("searches the goods by name within a shop coupon's shop; a platform coupon searches every shop", () => {
    expect(goodsSearchParams(" T恤 ", 5)).toEqual({ name: "T恤", shopId: 5 });
    expect(goodsSearchParams("", 0)).toEqual({});
    expect(goodsSearchParams("x", undefined)).toEqual({ name: "x" });
  });

  it("the form keeps a category as a number and the targets as their text", () => {
    const fields = [
      { name: "categoryId", label: "商品分类", kind: "category", required: true, min: 1 },
      { name: "targetIds", label: "适用分类或商品", kind: "targets", maxLength: 2000 },
    ] as const;
    const values = formValues(fields, { categoryId: 11, targetIds: "7,8" });
    expect(values).toEqual({ categoryId: 11, targetIds: "7,8" });
    const words = { required: (l: string) => `${l}不能为空`, tooLong: (l: string) => l, tooSmall: (l: string) => l, tooLarge: (l: string) => l, invalid: (l: string) => l };
    expect(formSchema(fields, words).safeParse({ targetIds: "" }).error?.issues[0]?.message).toBe("商品分类不能为空");
    expect(bodyOf(fields, { categoryId: 11, targetIds: "" })).toEqual({ categoryId: 11, targetIds: "" });
  });
});
