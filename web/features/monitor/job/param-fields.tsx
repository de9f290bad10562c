"use client";

import { useTranslations } from "next-intl";
import { FormItem } from "@/components/form/fields";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import type { ParamDraft, ParamError, ParamField } from "./monitor-params";

/** The parameter form of the chosen handler, generated from its JSON schema. */
export function ParamFields({
  handler,
  fields,
  draft,
  errors,
  onChange,
}: {
  /** the handler's name: its parameters' help is translated under monitor.job.paramHelp.<handler> */
  handler: string;
  fields: readonly ParamField[];
  draft: ParamDraft;
  errors: Record<string, ParamError>;
  onChange: (name: string, value: string) => void;
}) {
  const t = useTranslations("monitor.job");
  const te = useTranslations("monitor.job.paramErrors");
  if (!fields.length) {
    return (
      <FormItem label={t("jobParams")} full>
        <p data-testid="params-none" className="pt-2 text-sm text-muted-foreground">
          {t("noParams")}
        </p>
      </FormItem>
    );
  }
  return (
    <>
      {fields.map((field) => {
        const id = `param-${field.name}`;
        const error = errors[field.name];
        const value = draft[field.name] ?? "";
        // the schema's description is the developers' English: shown only where no translation exists
        const helpKey = `paramHelp.${handler}.${field.name}`;
        const help = t.has(helpKey) ? t(helpKey) : field.description;
        const hint = field.nullable ? t("nullableHint") : field.defaultValue !== undefined && field.defaultValue !== null ? t("defaultHint", { value: JSON.stringify(field.defaultValue) }) : undefined;
        return (
          <FormItem
            key={field.name}
            label={field.label}
            required={field.required && !field.nullable}
            error={error ? te(error.key, { limit: String(error.limit ?? "") }) : undefined}
            htmlFor={id}
            testId={`param-item-${field.name}`}
          >
            <ParamInput field={field} id={id} value={value} invalid={!!error} placeholder={hint} onChange={(next) => onChange(field.name, next)} emptyLabel={t("nullOption")} />
            {help && <p data-testid={`param-help-${field.name}`} className="mt-1 text-xs text-muted-foreground">{help}</p>}
          </FormItem>
        );
      })}
    </>
  );
}

function ParamInput({
  field,
  id,
  value,
  invalid,
  placeholder,
  emptyLabel,
  onChange,
}: {
  field: ParamField;
  id: string;
  value: string;
  invalid: boolean;
  placeholder?: string;
  emptyLabel: string;
  onChange: (value: string) => void;
}) {
  const testId = `param-${field.name}`;
  if (field.kind === "boolean" && !field.nullable) {
    return (
      <div className="flex h-9 items-center">
        <Switch id={id} data-testid={testId} checked={value === "true"} onCheckedChange={(on) => onChange(on ? "true" : "false")} />
      </div>
    );
  }
  if (field.kind === "boolean" || field.kind === "enum") {
    const options = field.kind === "boolean" ? ["true", "false"] : (field.options ?? []).map(String);
    return (
      <NativeSelect id={id} data-testid={testId} value={value} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)}>
        {(field.nullable || value === "") && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    );
  }
  if (field.kind === "json") {
    return <Textarea id={id} data-testid={testId} rows={3} className="font-mono text-xs" value={value} aria-invalid={invalid} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
  const numeric = field.kind === "integer" || field.kind === "number";
  return (
    <Input
      id={id}
      data-testid={testId}
      inputMode={field.kind === "integer" ? "numeric" : numeric ? "decimal" : undefined}
      maxLength={field.maxLength}
      value={value}
      aria-invalid={invalid}
      placeholder={placeholder}
      autoComplete="off"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
