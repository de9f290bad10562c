"use client";

import { HistoryIcon, RotateCcwIcon, SaveIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { answer, bff, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { type ConfigField, type ConfigScreen, type FormValues, type HistoryEntry, showValue, toBody, toForm } from "./config-page-logic";

async function quiet<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return undefined; // the request layer has told the operator already
  }
}

/**
 * A configuration page (issue 12 §1), drawn from its metadata: the whole object in one form, saved with the
 * version it was loaded at (a newer save by someone else is refused with the server's message), its
 * history (who, when, fields before → after) and a restore. Secrets are write-only: a password box that
 * stays empty, with "已设置/未设置"; leaving it empty keeps the stored one. It starts from the page's screen
 * (/bff/screens/setting/config-page); a scope chosen, a save or a restore reads that screen again.
 */
export function ConfigPageView({ data }: { data: ConfigScreen }) {
  const t = useTranslations("configPage");
  const [screen, setScreen] = useState(data);
  const [values, setValues] = useState<FormValues>(() => toForm(data.meta.fields, data.object));
  const [saving, setSaving] = useState(false);
  // the server's refusal of the last save, by field: shown under each field until it is edited
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [history, setHistory] = useState<HistoryEntry[] | null>(null);
  const { meta, object: loaded } = screen;
  const scope = screen.scope ?? "";

  /** The page's screen for a scope (the request layer has told the operator of a failure: undefined). */
  const read = (value: string) =>
    quiet(() => answer(bff.GET("/bff/screens/setting/config-page", { params: { query: { key: meta.key, scope: value || undefined } } })));
  /** Reads the page again: the form starts over from the object as stored. */
  const reload = async (value: string) => {
    const fresh = await read(value);
    if (!fresh) return;
    setScreen(fresh.data);
    setValues(toForm(fresh.data.meta.fields, fresh.data.object));
  };

  const scoped = meta.scope && scope ? { name: meta.scope.name, value: scope } : undefined;
  const save = async () => {
    setSaving(true);
    const body = toBody(meta.fields, values, loaded.version, scoped);
    let saved;
    try {
      saved = await answer(core.POST("/admin/config_page/{key}", { params: { path: { key: meta.key } }, body }));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      setErrors(error.fields); // the request layer has told the operator already; the fields show it too
    } finally {
      setSaving(false);
    }
    if (!saved) return;
    setErrors({});
    toast.success(saved.data.changed ? t("saved", { version: saved.data.version }) : t("unchanged"));
    await reload(scope);
  };
  // the versions as saved now (someone else may have saved since the page was read); the form stays as edited
  const openHistory = async () => {
    const fresh = await read(scope);
    if (fresh) setHistory(fresh.data.history);
  };
  const restore = async (version: number) => {
    const body = { version: loaded.version, restore: version, ...(scoped ? { [scoped.name]: scoped.value } : {}) };
    const restored = await quiet(() => answer(core.POST("/admin/config_page/{key}/restore", { params: { path: { key: meta.key } }, body })));
    if (!restored) return;
    toast.success(restored.data.changed ? t("restored", { version, now: restored.data.version }) : t("unchanged"));
    setHistory(null);
    await reload(scope);
  };
  const labels = Object.fromEntries(meta.fields.map((f) => [f.name, f.label]));

  return (
    <div className="p-4" data-testid="config-page" data-page={meta.key}>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle data-testid="config-title">{meta.title}</CardTitle>
          <div className="text-muted-foreground flex flex-wrap items-center gap-3 text-sm">
            {meta.scope && (
              <NativeSelect
                data-testid="config-scope"
                className="w-32"
                aria-label={meta.scope.label}
                value={scope}
                onChange={(e) => void reload(e.target.value)}
              >
                {meta.scope.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            )}
            <span data-testid="config-version">{t("version", { version: loaded.version })}</span>
            {loaded.updateTime && <span>{t("updated", { by: loaded.updateBy, at: loaded.updateTime })}</span>}
            <Button size="sm" variant="outline" data-testid="config-history" onClick={() => void openHistory()}>
              <HistoryIcon />
              {t("history")}
            </Button>
            <Authorized perms={meta.perm}>
              <Button size="sm" data-testid="config-save" disabled={saving} onClick={() => void save()}>
                <SaveIcon />
                {t("save")}
              </Button>
            </Authorized>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {meta.fields.map((f) => (
            <ConfigFieldRow
              key={`${scope}-${f.name}`}
              field={f}
              value={values[f.name]}
              isSet={loaded.secretsSet[f.name]}
              error={errors[f.name]}
              onChange={(v) => {
                setValues((old) => ({ ...old, [f.name]: v }));
                setErrors((old) => (f.name in old ? Object.fromEntries(Object.entries(old).filter(([k]) => k !== f.name)) : old));
              }}
            />
          ))}
        </CardContent>
      </Card>
      <Dialog open={history !== null} onOpenChange={(open) => !open && setHistory(null)}>
        <DialogContent className="max-h-[80vh] overflow-y-auto sm:max-w-2xl" data-testid="config-history-dialog">
          <DialogHeader>
            <DialogTitle>{t("historyTitle", { title: meta.title })}</DialogTitle>
          </DialogHeader>
          {history?.length === 0 && <p className="text-muted-foreground text-sm">{t("noHistory")}</p>}
          <ol className="grid gap-3 text-sm">
            {history?.map((h) => (
              <li key={h.version} className="border-b pb-2 last:border-0" data-testid={`config-history-${h.version}`}>
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">
                    {t("version", { version: h.version })} · {h.savedBy} · {h.savedTime}
                    {h.action === "restore" && <Badge variant="outline" className="ml-2">{t("restoredFrom", { version: h.restoredFrom ?? "" })}</Badge>}
                  </span>
                  {h.version !== loaded.version && (
                    <Authorized perms={meta.perm}>
                      <Button size="sm" variant="outline" data-testid={`config-restore-${h.version}`} onClick={() => void restore(h.version)}>
                        <RotateCcwIcon />
                        {t("restore")}
                      </Button>
                    </Authorized>
                  )}
                </div>
                <ul className="text-muted-foreground mt-1 grid gap-0.5">
                  {Object.entries(h.changes).map(([name, [before, after]]) => (
                    <li key={name}>
                      {labels[name] ?? name}: {showValue(before)} → {showValue(after)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ConfigFieldRow({ field: f, value, isSet, error, onChange }: { field: ConfigField; value: string | boolean | undefined; isSet?: boolean; error?: string; onChange: (v: string | boolean) => void }) {
  const t = useTranslations("configPage");
  const id = `config-field-${f.name}`;
  // a refused value: marked invalid and described by its message, shown under it
  const described = error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  const wide = f.kind === "richtext" || f.kind === "textarea" || f.kind === "lines";
  let control;
  if (f.kind === "switch") control = <Switch id={id} data-testid={id} {...described} checked={Boolean(value)} onCheckedChange={onChange} />;
  else if (f.kind === "select")
    control = (
      <NativeSelect id={id} data-testid={id} {...described} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)}>
        {f.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    );
  else if (f.kind === "richtext") control = <RichTextEditor testId={id} label={f.label} value={String(value ?? "")} onChange={onChange} minHeight={300} />;
  else if (f.kind === "textarea" || f.kind === "lines")
    control = <Textarea id={id} data-testid={id} {...described} rows={4} maxLength={f.maxLength ?? undefined} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} />;
  else if (f.secret)
    control = (
      <div className="flex items-center gap-2">
        <Input id={id} data-testid={id} {...described} type="password" autoComplete="new-password" placeholder={isSet ? t("secretKeep") : t("secretEnter")} maxLength={f.maxLength ?? undefined} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} />
        <Badge variant={isSet ? "default" : "outline"} data-testid={`${id}-state`}>
          {isSet ? t("secretSet") : t("secretUnset")}
        </Badge>
      </div>
    );
  else
    control = (
      <Input
        id={id}
        data-testid={id}
        {...described}
        type={f.kind === "int" || f.kind === "money" ? "number" : "text"}
        min={f.kind === "money" ? (f.min === null || f.min === undefined ? undefined : fenToYuan(f.min)) : (f.min ?? undefined)}
        max={f.kind === "money" ? (f.max === null || f.max === undefined ? undefined : fenToYuan(f.max)) : (f.max ?? undefined)}
        step={f.kind === "money" ? "0.01" : undefined}
        maxLength={f.maxLength ?? undefined}
        value={String(value ?? "")}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <div className={wide ? "grid gap-1.5 md:col-span-2" : "grid gap-1.5"}>
      <label htmlFor={id} className="text-sm font-medium">
        {f.required && <span className="text-destructive mr-0.5">*</span>}
        {f.label}
      </label>
      {control}
      {error && (
        <p id={`${id}-error`} data-testid="field-error" className="text-destructive text-xs">
          {error}
        </p>
      )}
      {f.help && <p className="text-muted-foreground text-xs">{f.help}</p>}
    </div>
  );
}
