/** The goods edit page's pure parts: the SKU matrix of the chosen attribute values, keyed as the server keys it. */

export interface AttrValue {
  id: number;
  value: string;
}

export interface AttrOption {
  id: number;
  shopId: number;
  name: string;
  values: AttrValue[];
}

export interface ChosenSpec {
  attrId: number;
  valueIds: number[];
}

export interface MatrixRow {
  key: string;
  valueIds: number[];
  spec: string;
}

export const MAX_ATTRS = 3;
export const MAX_SKUS = 100;

/** The server's spec_key: the value ids sorted numerically, joined by "_" ("" for a single-spec item). */
export function specKey(valueIds: readonly number[]): string {
  return [...valueIds].sort((a, b) => a - b).join("_");
}

/** Every combination of the chosen values, the attributes in the chosen order (颜色:红;尺码:M). */
export function combinations(specs: readonly ChosenSpec[], attrs: readonly AttrOption[]): MatrixRow[] {
  const used = specs.filter((s) => s.valueIds.length > 0);
  let rows: { valueIds: number[]; parts: string[] }[] = [{ valueIds: [], parts: [] }];
  for (const spec of used) {
    const attr = attrs.find((a) => a.id === spec.attrId);
    const next: typeof rows = [];
    for (const row of rows) {
      for (const id of spec.valueIds) {
        const value = attr?.values.find((v) => v.id === id)?.value ?? String(id);
        next.push({ valueIds: [...row.valueIds, id], parts: [...row.parts, `${attr?.name ?? spec.attrId}:${value}`] });
      }
    }
    rows = next;
  }
  return rows.map((r) => ({ key: specKey(r.valueIds), valueIds: r.valueIds, spec: r.parts.join(";") }));
}

/** Adds or removes a value of an attribute in the chosen specs (an attribute without values drops out). */
export function toggleValue(specs: readonly ChosenSpec[], attrId: number, valueId: number): ChosenSpec[] {
  const found = specs.find((s) => s.attrId === attrId);
  if (!found) return [...specs, { attrId, valueIds: [valueId] }];
  const valueIds = found.valueIds.includes(valueId) ? found.valueIds.filter((v) => v !== valueId) : [...found.valueIds, valueId];
  return specs.map((s) => (s.attrId === attrId ? { attrId, valueIds } : s)).filter((s) => s.valueIds.length > 0);
}

/** The goods review screen's page: the goods of one review state, oldest pending first. */
export const REVIEW_PAGE = 50;
