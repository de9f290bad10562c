"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { type DesignField, FIELD_NAME, type FieldRules, LENGTH_TYPES, OPTION_TYPES, RANGE_TYPES } from "./schema";

type Patch = Partial<Omit<DesignField, "id" | "children">>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs">
      <span className="font-medium text-foreground/80">{label}</span>
      {children}
    </label>
  );
}

const num = (value: string) => (value.trim() === "" || Number.isNaN(Number(value)) ? undefined : Number(value));

/** The selected field's properties; every edit is one undo step per property. */
export function PropertyPanel({ field, onChange }: { field: DesignField | undefined; onChange: (patch: Patch, key: string) => void }) {
  const t = useTranslations("tools.build");
  if (!field) return <div data-testid="build-properties" className="text-sm text-muted-foreground">{t("selectField")}</div>;
  const set = (patch: Patch, prop: string) => onChange(patch, `${prop}:${field.id}`);
  const rule = (patch: FieldRules, prop: string) => set({ rules: { ...field.rules, ...patch } }, prop);
  const options = field.options;
  const defaultText = Array.isArray(field.default) ? field.default.join(",") : field.default === null ? "" : String(field.default);
  const setDefault = (value: string) => {
    if (field.type === "checkbox") set({ default: value.split(",").map((v) => v.trim()).filter(Boolean) }, "default");
    else if (RANGE_TYPES.includes(field.type)) set({ default: num(value) ?? null }, "default");
    else set({ default: value }, "default");
  };
  return (
    <div data-testid="build-properties" className="flex flex-col gap-3">
      <div className="text-sm font-medium">{t("properties")}</div>
      <Row label={t("name")}>
        <Input data-testid="prop-name" className="h-8" value={field.name} aria-invalid={!FIELD_NAME.test(field.name)} onChange={(e) => set({ name: e.target.value }, "name")} />
        {!FIELD_NAME.test(field.name) && <span className="text-destructive">{t("badName")}</span>}
      </Row>
      {field.type !== "row" && (
        <>
          <Row label={t("label")}>
            <Input data-testid="prop-label" className="h-8" value={field.label} maxLength={100} onChange={(e) => set({ label: e.target.value }, "label")} />
          </Row>
          {field.type !== "switch" && (
            <Row label={t("placeholder")}>
              <Input data-testid="prop-placeholder" className="h-8" value={field.placeholder} maxLength={200} onChange={(e) => set({ placeholder: e.target.value }, "placeholder")} />
            </Row>
          )}
          {field.type === "switch" ? (
            <Row label={t("default")}>
              <Switch data-testid="prop-default" checked={field.default === true} onCheckedChange={(on) => set({ default: on }, "default")} />
            </Row>
          ) : (
            field.type !== "upload" &&
            field.type !== "daterange" && (
              <Row label={t("default")}>
                <Input data-testid="prop-default" className="h-8" value={defaultText} onChange={(e) => setDefault(e.target.value)} />
              </Row>
            )
          )}
          <Row label={t("span")}>
            <Input data-testid="prop-span" className="h-8" type="number" min={1} max={24} value={field.span} onChange={(e) => set({ span: Math.min(24, Math.max(1, num(e.target.value) ?? 24)) }, "span")} />
          </Row>
          <label className="flex items-center gap-2 text-xs font-medium">
            <Switch data-testid="prop-required" checked={field.required} onCheckedChange={(on) => set({ required: on }, "required")} />
            {t("required")}
          </label>
          {LENGTH_TYPES.includes(field.type) && (
            <div className="grid grid-cols-2 gap-2">
              <Row label={t("minLength")}>
                <Input data-testid="prop-minLength" className="h-8" type="number" min={0} value={field.rules.minLength ?? ""} onChange={(e) => rule({ minLength: num(e.target.value) }, "minLength")} />
              </Row>
              <Row label={t("maxLength")}>
                <Input data-testid="prop-maxLength" className="h-8" type="number" min={0} value={field.rules.maxLength ?? ""} onChange={(e) => rule({ maxLength: num(e.target.value) }, "maxLength")} />
              </Row>
            </div>
          )}
          {field.type === "input" && (
            <>
              <Row label={t("pattern")}>
                <Input data-testid="prop-pattern" className="h-8 font-mono" value={field.rules.pattern ?? ""} placeholder="^1\d{10}$" onChange={(e) => rule({ pattern: e.target.value || undefined }, "pattern")} />
              </Row>
              <Row label={t("patternMessage")}>
                <Input data-testid="prop-message" className="h-8" value={field.rules.message ?? ""} onChange={(e) => rule({ message: e.target.value || undefined }, "message")} />
              </Row>
            </>
          )}
          {RANGE_TYPES.includes(field.type) && (
            <div className="grid grid-cols-2 gap-2">
              <Row label={t("min")}>
                <Input data-testid="prop-min" className="h-8" type="number" value={field.rules.min ?? ""} onChange={(e) => rule({ min: num(e.target.value) }, "min")} />
              </Row>
              <Row label={t("max")}>
                <Input data-testid="prop-max" className="h-8" type="number" value={field.rules.max ?? ""} onChange={(e) => rule({ max: num(e.target.value) }, "max")} />
              </Row>
            </div>
          )}
          {OPTION_TYPES.includes(field.type) && (
            <div className="flex flex-col gap-1.5" data-testid="prop-options">
              <span className="text-xs font-medium">{t("options")}</span>
              {options.map((option, i) => (
                <div key={i} className="flex items-center gap-1">
                  <Input className="h-7" aria-label={t("optionLabel")} value={option.label} onChange={(e) => set({ options: options.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)) }, `option-label-${i}`)} />
                  <Input className="h-7" aria-label={t("optionValue")} value={option.value} onChange={(e) => set({ options: options.map((o, j) => (j === i ? { ...o, value: e.target.value } : o)) }, `option-value-${i}`)} />
                  <Button type="button" size="icon" variant="ghost" className="size-7" aria-label={t("remove")} onClick={() => set({ options: options.filter((_, j) => j !== i) }, "options")}>
                    <Trash2Icon />
                  </Button>
                </div>
              ))}
              <Button type="button" size="sm" variant="outline" data-testid="prop-add-option" onClick={() => set({ options: [...options, { label: `选项${options.length + 1}`, value: String(options.length + 1) }] }, "options")}>
                <PlusIcon />
                {t("addOption")}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
