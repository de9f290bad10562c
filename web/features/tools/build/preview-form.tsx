"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { type Control, Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { DateRangePicker } from "@/components/date-range-picker";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import type { DesignField } from "./schema";
import { buildSchema, defaultValues } from "./validation";

type Values = Record<string, unknown>;

function Control_({ field, control }: { field: DesignField; control: Control<Values> }) {
  return (
    <Controller
      control={control}
      name={field.name}
      render={({ field: f }) => {
        const common = { id: `preview-${field.name}`, "data-testid": `preview-${field.name}`, placeholder: field.placeholder || undefined };
        switch (field.type) {
          case "textarea":
          case "editor":
            return <Textarea {...common} rows={field.type === "editor" ? 6 : 3} value={String(f.value ?? "")} onChange={f.onChange} onBlur={f.onBlur} />;
          case "number":
            return <Input {...common} type="number" value={f.value === undefined || f.value === null ? "" : String(f.value)} onChange={(e) => f.onChange(e.target.value === "" ? undefined : Number(e.target.value))} />;
          case "rate":
          case "slider": {
            const max = field.rules.max ?? (field.type === "rate" ? 5 : 100);
            return <input {...common} type="range" min={field.rules.min ?? 0} max={max} value={Number(f.value ?? 0)} onChange={(e) => f.onChange(Number(e.target.value))} className="w-full" />;
          }
          case "select":
            return (
              <NativeSelect {...common} value={String(f.value ?? "")} onChange={f.onChange}>
                <option value="">{field.placeholder || "请选择"}</option>
                {field.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </NativeSelect>
            );
          case "radio":
            return (
              <div data-testid={common["data-testid"]} className="flex flex-wrap gap-3 text-sm">
                {field.options.map((o) => (
                  <label key={o.value} className="flex items-center gap-1">
                    <input type="radio" name={field.name} value={o.value} checked={f.value === o.value} onChange={() => f.onChange(o.value)} />
                    {o.label}
                  </label>
                ))}
              </div>
            );
          case "checkbox": {
            const values = (f.value as string[] | undefined) ?? [];
            return (
              <div data-testid={common["data-testid"]} className="flex flex-wrap gap-3 text-sm">
                {field.options.map((o) => (
                  <label key={o.value} className="flex items-center gap-1">
                    <Checkbox checked={values.includes(o.value)} onCheckedChange={(on) => f.onChange(on === true ? [...values, o.value] : values.filter((v) => v !== o.value))} />
                    {o.label}
                  </label>
                ))}
              </div>
            );
          }
          case "switch":
            return <Switch data-testid={common["data-testid"]} checked={f.value === true} onCheckedChange={f.onChange} />;
          case "daterange": {
            const [begin, end] = (f.value as [string, string] | undefined) ?? ["", ""];
            return (
              <DateRangePicker testId={common["data-testid"]} begin={begin} end={end} onChange={(from, to) => f.onChange([from, to])} className="w-full" />
            );
          }
          case "upload":
            return <Input {...common} type="file" multiple onChange={(e) => f.onChange(e.target.files ? Array.from(e.target.files).map((file) => file.name) : [])} />;
          case "date":
          case "time":
          case "color":
            return <Input {...common} type={field.type} value={String(f.value ?? "")} onChange={f.onChange} className={field.type === "color" ? "h-9 w-16 p-1" : undefined} />;
          default:
            return <Input {...common} value={String(f.value ?? "")} onChange={f.onChange} onBlur={f.onBlur} />;
        }
      }}
    />
  );
}

function Item({ field, control, error }: { field: DesignField; control: Control<Values>; error?: string }) {
  return (
    <div style={{ width: `calc(${(field.span / 24) * 100}% - 0.75rem)` }} className="flex flex-col gap-1">
      <label htmlFor={`preview-${field.name}`} className="text-sm font-medium">
        {field.required && <span className="text-destructive">*</span>}
        {field.label || field.name}
      </label>
      <Control_ field={field} control={control} />
      {error && <p data-testid="preview-error" className="text-xs text-destructive">{error}</p>}
    </div>
  );
}

/** The live preview: the designed form with react-hook-form and the zod rules built from it. */
export function PreviewForm({ fields }: { fields: DesignField[] }) {
  const t = useTranslations("tools.build");
  const form = useForm<Values>({ resolver: zodResolver(buildSchema(fields)) as never, defaultValues: defaultValues(fields) });
  const errors = form.formState.errors;
  const message = (name: string) => {
    const error = errors[name];
    return error && typeof error.message === "string" ? error.message : undefined;
  };
  const submit = form.handleSubmit((values) => toast.success(t("previewValid"), { description: JSON.stringify(values) }));
  return (
    <form noValidate onSubmit={submit} data-testid="build-preview" className="flex flex-wrap gap-3">
      {fields.map((field) =>
        field.type === "row" ? (
          <div key={field.id} className="flex w-full flex-wrap gap-3">
            {field.children.map((child) => <Item key={child.id} field={child} control={form.control} error={message(child.name)} />)}
          </div>
        ) : (
          <Item key={field.id} field={field} control={form.control} error={message(field.name)} />
        ),
      )}
      <div className="flex w-full gap-2">
        <Button type="submit" data-testid="preview-submit">{t("submit")}</Button>
        <Button type="button" variant="outline" onClick={() => form.reset(defaultValues(fields))}>{t("reset")}</Button>
      </div>
    </form>
  );
}
