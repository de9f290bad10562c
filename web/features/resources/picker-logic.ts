/** What the category and targets pickers derive: the choices of a two-level category tree, a coupon's comma
 * text of ids as a list and back, and what a targets field picks for the value of the field it follows. */

export interface CategoryNode {
  id: number;
  name: string;
  children?: CategoryNode[] | null;
}

export interface CategoryChoice {
  id: number;
  name: string;
  /** 0: a first-level category; 1: a child */
  depth: 0 | 1;
  /** a category without children: goods sit on it */
  leaf: boolean;
  /** the first-level category's name (a child's group) */
  group: string | null;
}

/** Every category of the tree in its order, parents before their children. */
export function categoryChoices(tree: readonly CategoryNode[] | null | undefined): CategoryChoice[] {
  const out: CategoryChoice[] = [];
  for (const top of tree ?? []) {
    const kids = top.children ?? [];
    out.push({ id: top.id, name: top.name, depth: 0, leaf: kids.length === 0, group: null });
    for (const kid of kids) out.push({ id: kid.id, name: kid.name, depth: 1, leaf: true, group: top.name });
  }
  return out;
}

/** The categories a goods item may name: the leaves (a first-level category without children is one). */
export const leafChoices = (tree: readonly CategoryNode[] | null | undefined) => categoryChoices(tree).filter((c) => c.leaf);

/** A category as a select shows it: a child under its parent ("服饰 / T恤"). */
export const choiceLabel = (c: Pick<CategoryChoice, "name" | "group">) => (c.group ? `${c.group} / ${c.name}` : c.name);

/** "3, 1,,2" → [3, 1, 2]: the ids of a comma text, in their order, each once; anything not an id is dropped. */
export function parseIds(text: unknown): number[] {
  if (typeof text !== "string" && typeof text !== "number") return [];
  const out: number[] = [];
  for (const part of String(text).split(",")) {
    const trimmed = part.trim();
    if (!/^\d{1,15}$/.test(trimmed)) continue;
    const id = Number(trimmed);
    if (id > 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

/** [3, 1, 2] → "3,1,2": the stored format of a targets field. */
export const joinIds = (ids: readonly number[]) => ids.join(",");

/** Adds an id that is not chosen, removes one that is. */
export const toggleId = (ids: readonly number[], id: number) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]);

export type TargetPick = "category" | "goods";

/** What a targets field picks for the followed field's value (a coupon's scope); null: the field is hidden. */
export function pickFor(picks: Readonly<Record<string, TargetPick>> | null | undefined, followed: unknown): TargetPick | null {
  if (!picks || followed === null || followed === undefined) return null;
  return picks[String(followed)] ?? null;
}

/** The ids' names from what is known (a loaded record's labels, search results); an unknown id shows as "#id". */
export function labelsOf(ids: readonly number[], known: ReadonlyMap<number, string>): { id: number; name: string }[] {
  return ids.map((id) => ({ id, name: known.get(id) ?? `#${id}` }));
}

/** The goods search's query: a name fragment, a shop coupon's shop (0: the platform's, any shop). */
export function goodsSearchParams(keyword: string, shopId: unknown): { name?: string; shopId?: number } {
  const params: { name?: string; shopId?: number } = {};
  const name = keyword.trim();
  if (name) params.name = name.slice(0, 100);
  const shop = Number(shopId);
  if (Number.isSafeInteger(shop) && shop > 0) params.shopId = shop;
  return params;
}
