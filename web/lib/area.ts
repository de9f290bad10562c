/** What the area picker derives from GB/T 2260 codes: a province's code starts with its 2 digits and ends in
 * 0000, a city's with 4 and ends in 00, a district has 6 digits and a street 9 (its district's 6 first). */

import type { components } from "@/lib/api/core-types";

/** A region as GET /admin/region/list answers it. */
export type RegionNode = components["schemas"]["RegionOut"];

const CODE = /^(\d{6}|\d{9})$/;

/** The codes that may sit above `code`, from the province down (the code itself excluded). Some do not
 * exist (a Hong Kong district has no city): the picker keeps only those found among the loaded children. */
export function ancestorCodes(code: string): string[] {
  if (!CODE.test(code)) return [];
  const candidates = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code.slice(0, 6)];
  const out: string[] = [];
  for (const c of candidates) if (c !== code && !out.includes(c) && c.length <= code.length) out.push(c);
  return code.length === 6 ? out.filter((c) => c !== code) : out;
}

/** The chain of chosen codes after choosing `code` at `depth` (the deeper choices are dropped). */
export function choose(chain: readonly string[], depth: number, code: string): string[] {
  const kept = chain.slice(0, depth);
  return code ? [...kept, code] : kept;
}

/** The picker's value: the deepest chosen code ("" when none). */
export function valueOf(chain: readonly string[]): string {
  return chain.length ? chain[chain.length - 1] : "";
}

/** Given the options of each loaded level, the chain that leads to `code` (the codes found, in order). */
export function chainTo(code: string, levels: readonly (readonly RegionNode[])[]): string[] {
  const wanted = [...ancestorCodes(code), code];
  const chain: string[] = [];
  for (const options of levels) {
    const hit = options.find((o) => wanted.includes(o.code));
    if (!hit) break;
    chain.push(hit.code);
    if (hit.code === code) break;
  }
  return chain;
}
