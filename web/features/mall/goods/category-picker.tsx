"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { NativeSelect } from "@/components/ui/native-select";
import { answer, bff } from "@/lib/api/core";
import { RequestError } from "@/lib/request";
import { type CategoryNode, categoryChoices, choiceLabel, leafChoices, toggleId } from "@/features/resources/picker-logic";

/** The goods category tree (two levels, on shelf) the goods calls answer; [] when the caller may not read it. */
export function useCategoryTree(given?: CategoryNode[] | null): CategoryNode[] {
  const [fetched, setFetched] = useState<CategoryNode[]>([]);
  useEffect(() => {
    if (given) return; // the caller's tree: nothing to ask
    let live = true;
    answer(bff.GET("/bff/resources/options/categories"))
      .then(({ data }) => live && setFetched(data))
      .catch((error: unknown) => {
        if (!(error instanceof RequestError)) throw error;
      });
    return () => {
      live = false;
    };
  }, [given]);
  return given ?? fetched;
}

/**
 * A select of the goods categories (the `category` field kind's, registered in features/field-pickers.tsx). `leavesOnly`: a goods item's category, where
 * goods sit (the children, grouped under their first level); otherwise a filter, where a first-level category
 * takes in its children's goods.
 */
export function CategorySelect({
  value,
  onChange,
  leavesOnly = false,
  tree: given,
  id,
  testId,
  invalid,
  emptyLabel,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  leavesOnly?: boolean;
  tree?: CategoryNode[] | null;
  id?: string;
  testId?: string;
  invalid?: boolean;
  emptyLabel?: string;
}) {
  const t = useTranslations("resource");
  const tree = useCategoryTree(given);
  const choices = useMemo(() => (leavesOnly ? leafChoices(tree) : categoryChoices(tree)), [tree, leavesOnly]);
  const known = value === null || choices.some((c) => c.id === value);
  const groups = useMemo(() => {
    // leaves only: children under an optgroup of their first level, a childless first level on its own
    const out: { label: string | null; items: typeof choices }[] = [];
    for (const c of choices) {
      const last = out[out.length - 1];
      if (c.group && last && last.label === c.group) last.items.push(c);
      else out.push({ label: c.group, items: [c] });
    }
    return out;
  }, [choices]);
  return (
    <NativeSelect
      id={id}
      data-testid={testId}
      aria-invalid={invalid}
      value={value === null ? "" : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    >
      <option value="">{emptyLabel ?? t("categoryChoose")}</option>
      {!known && <option value={String(value)}>{`#${value}`}</option>}
      {leavesOnly
        ? groups.map((g) =>
            g.label ? (
              <optgroup key={`g-${g.items[0]?.id}`} label={g.label}>
                {g.items.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ) : (
              g.items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))
            ),
          )
        : choices.map((c) => (
            <option key={c.id} value={c.id} data-depth={c.depth}>
              {c.depth ? `\u3000${c.name}` : c.name}
            </option>
          ))}
    </NativeSelect>
  );
}

/** Several goods categories ticked in the tree (a category coupon's): first levels and children alike. */
export function CategoryChecklist({ value, onChange, testId }: { value: number[]; onChange: (ids: number[]) => void; testId?: string }) {
  const t = useTranslations("resource");
  const tree = useCategoryTree();
  const choices = useMemo(() => categoryChoices(tree), [tree]);
  const missing = value.filter((id) => !choices.some((c) => c.id === id));
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="max-h-56 space-y-1 overflow-y-auto rounded-md border p-2">
        {choices.length === 0 && <p className="text-sm text-muted-foreground">{t("categoryNone")}</p>}
        {choices.map((c) => (
          <label key={c.id} className={`flex items-center gap-2 text-sm ${c.depth ? "pl-6" : "font-medium"}`}>
            <Checkbox checked={value.includes(c.id)} onCheckedChange={() => onChange(toggleId(value, c.id))} data-testid={testId ? `${testId}-${c.id}` : undefined} aria-label={choiceLabel(c)} />
            {c.name}
          </label>
        ))}
        {missing.map((id) => (
          <label key={id} className="flex items-center gap-2 text-sm text-muted-foreground">
            <Checkbox checked onCheckedChange={() => onChange(toggleId(value, id))} />
            {`#${id}`}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t("categoriesChosen", { n: value.length })}</p>
    </div>
  );
}
