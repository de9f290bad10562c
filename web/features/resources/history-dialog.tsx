"use client";

import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ChangeEntry, Dicts, ResourceMeta } from "@/lib/api/types";
import { selectDictLabel } from "@/lib/dict";
import { answer, bff } from "@/lib/api/core";
import { shownValue } from "./logic";

/** 历史: who changed a record, when, and each field's value before and after. */
export function HistoryDialog({ meta, dicts, recordId, onClose }: { meta: ResourceMeta; dicts: Dicts; recordId: number | null; onClose: () => void }) {
  const t = useTranslations("resource");
  // the entries of the record they were read for: another record shows none until its answer
  const [read, setRead] = useState<{ recordId: number; entries: ChangeEntry[] } | null>(null);
  const entries = read !== null && read.recordId === recordId ? read.entries : null;
  const failed = useEffectEvent(() => onClose());
  useEffect(() => {
    if (recordId === null) return;
    answer(bff.GET("/bff/resources/history", { params: { query: { view: meta.view, id: recordId } } }))
      .then(({ data }) => setRead({ recordId, entries: data }))
      .catch(() => failed());
  }, [recordId, meta.view]);
  const fields = Object.fromEntries(meta.fields.map((f) => [f.name, f]));
  const label = (type: string, value: string) => selectDictLabel((dicts[type] ?? []).map((d) => ({ label: d.dictLabel, value: d.dictValue })), value);
  return (
    <Dialog open={recordId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="resource-history" className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("historyTitle", { title: meta.title })}</DialogTitle>
          <DialogDescription className="sr-only">{t("historyTitle", { title: meta.title })}</DialogDescription>
        </DialogHeader>
        {entries !== null && entries.length === 0 && <p className="text-sm text-muted-foreground">{t("historyEmpty")}</p>}
        <ol className="flex flex-col gap-3">
          {(entries ?? []).map((entry) => (
            <li key={entry.id} data-testid="history-entry" data-action={entry.action} className="rounded border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium">{t(`kind.${entry.action}`)}</span>
                {entry.note && <span data-testid="history-note">{entry.note}</span>}
                <span className="text-muted-foreground">
                  {t("actor")}: {entry.actor}
                </span>
                <span className="text-muted-foreground">
                  {t("at")}: {entry.at}
                </span>
              </div>
              <ul className="mt-2 flex flex-col gap-1">
                {Object.keys(entry.changes).length === 0 && <li className="text-muted-foreground">{t("noChanges")}</li>}
                {Object.entries(entry.changes).map(([name, [before, after]]) => (
                  <li key={name} data-testid="history-change" className="break-all">
                    <span className="font-medium">{fields[name]?.label ?? name}</span>: {shownValue(fields[name], before, label)} → {shownValue(fields[name], after, label)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
