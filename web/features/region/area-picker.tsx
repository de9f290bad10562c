"use client";

import { XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { answer, core } from "@/lib/api/core";
import { chainTo, choose, type RegionNode, valueOf } from "@/lib/area";
import { RequestError } from "@/lib/request";

const cache = new Map<string, Promise<RegionNode[]>>();

/** The children of a region ("" : the provinces), asked once per page load. */
function children(parent: string): Promise<RegionNode[]> {
  let found = cache.get(parent);
  if (!found) {
    found = answer(core.GET("/admin/region/list", { params: { query: parent ? { parentCode: parent } : {} } }))
      .then((answered) => answered.data)
      .catch((failure: unknown) => {
        cache.delete(parent);
        if (failure instanceof RequestError) return [];
        throw failure;
      });
    cache.set(parent, found);
  }
  return found;
}

/**
 * The area picker (issue 12 §4; the `area` field kind's, registered in features/field-pickers.tsx): province → city → district → street as a row of native selects, each
 * level loaded when the one above is chosen (GET admin/region/list?parentCode=). The value is the deepest
 * chosen region code; the full path is shown beneath; clearable. Native selects: keyboard, screen readers and
 * phones' own pickers work as everywhere; two levels a row, one on a phone.
 */
export function AreaPicker({ value, onChange, id, testId, invalid, disabled }: {
  value: string;
  onChange: (code: string, path: string) => void;
  id?: string;
  testId?: string;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const t = useTranslations("areaPicker");
  const [levels, setLevels] = useState<RegionNode[][]>([]);
  const [chain, setChain] = useState<string[]>([]);
  const shown = useRef<string | null>(null);

  // The stored value: load the levels down to it (once per value set from outside).
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    let stop = false;
    void (async () => {
      const loaded: RegionNode[][] = [await children("")];
      let found: string[] = [];
      if (value) {
        for (;;) {
          found = chainTo(value, loaded);
          const last = found[found.length - 1];
          if (!last || last === value || found.length < loaded.length) break;
          const next = await children(last);
          if (!next.length) break;
          loaded.push(next);
        }
      }
      const deepest = loaded[found.length - 1]?.find((n) => n.code === found[found.length - 1]);
      if (deepest && deepest.hasChildren && loaded.length === found.length) loaded.push(await children(deepest.code));
      if (!stop) {
        setLevels(loaded);
        setChain(found);
      }
    })();
    return () => {
      stop = true;
    };
  }, [value]);

  const pick = async (depth: number, code: string) => {
    const next = choose(chain, depth, code);
    const node = levels[depth]?.find((n) => n.code === code);
    const kept = levels.slice(0, depth + 1);
    if (node?.hasChildren) kept.push(await children(code));
    setLevels(kept);
    setChain(next);
    const chosen = valueOf(next);
    const chosenNode = next.length ? kept[next.length - 1]?.find((n) => n.code === chosen) : undefined;
    shown.current = chosen;
    onChange(chosen, chosenNode?.path ?? "");
  };

  const clear = () => {
    setLevels(levels.slice(0, 1));
    setChain([]);
    shown.current = "";
    onChange("", "");
  };

  const names = [t("province"), t("city"), t("district"), t("street")];
  const deepestNode = chain.length ? levels[chain.length - 1]?.find((n) => n.code === chain[chain.length - 1]) : undefined;
  return (
    <div className="flex w-full flex-col gap-1" data-testid={testId}>
      <div className="flex items-start gap-2">
        <div className="grid flex-1 grid-cols-1 gap-2 sm:grid-cols-2">
        {levels.map((options, depth) => (
          <NativeSelect
            key={depth}
            id={depth === 0 ? id : undefined}
            aria-label={names[Math.min((options[0]?.level ?? depth + 1) - 1, 3)]}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            data-testid={testId ? `${testId}-level-${depth}` : undefined}
            value={chain[depth] ?? ""}
            onChange={(event) => void pick(depth, event.target.value)}
          >
            <option value="">{t("choose", { level: names[Math.min((options[0]?.level ?? depth + 1) - 1, 3)] })}</option>
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        ))}
        </div>
        {chain.length > 0 && !disabled && (
          <Button type="button" variant="ghost" size="icon" aria-label={t("clear")} data-testid={testId ? `${testId}-clear` : undefined} onClick={clear}>
            <XIcon />
          </Button>
        )}
      </div>
      <p className="text-muted-foreground text-xs" data-testid={testId ? `${testId}-path` : undefined} aria-live="polite">
        {deepestNode ? `${deepestNode.path}（${deepestNode.code}）` : t("none")}
      </p>
    </div>
  );
}
