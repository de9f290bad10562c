"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { type Control, type FieldValues, useController, useForm, useWatch } from "react-hook-form";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { Button } from "@/components/ui/button";
import { FormItem, NumberField, RadioField, SelectField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { fieldRefusal } from "@/components/form/use-record-form";
import { Input } from "@/components/ui/input";
import { ImageUpload } from "@/components/upload/image-upload";
import type { FieldRefusal } from "@/lib/api/core";
import type { Dicts, ResourceFieldMeta } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { coordinateNames, formSchema, formValues, pickedOf, type RuleWords } from "./logic";
import { joinIds, parseIds, pickFor, type TargetPick } from "./picker-logic";
import { type KindPicker, pickerOf, usePickers } from "./pickers";

/** The form rules' messages in the caller's language. */
export function useRuleWords(): RuleWords {
  const t = useTranslations("resource.rules");
  return useMemo(
    () => ({
      required: (label) => t("required", { label }),
      tooLong: (label, max) => t("tooLong", { label, max }),
      tooSmall: (label, min) => t("tooSmall", { label, min }),
      tooLarge: (label, max) => t("tooLarge", { label, max }),
      invalid: (label) => t("invalid", { label }),
    }),
    [t],
  );
}

/** One declared field as a form control; `fields` are the form's others (a location's lng/lat companions, the
 * field a targets field follows); `record` the record the form started from (a targets field's names). */
export function MetaField({ field: f, control, dicts, fields = [], record = null }: { field: ResourceFieldMeta; control: Control<FieldValues>; dicts: Dicts; fields?: ResourceFieldMeta[]; record?: Record<string, unknown> | null }) {
  const t = useTranslations("resource");
  const picker = pickerOf(usePickers(), f);
  if (picker) return <PickedField field={f} control={control} picker={picker} />;
  const common = { control, name: f.name, label: f.label, required: f.required };
  switch (f.kind) {
    case "location":
      return <LocationField field={f} control={control} fields={fields} />;
    case "lng":
    case "lat":
      return <TextField {...common} maxLength={12} />;
    case "textarea":
      return <TextareaField {...common} />;
    case "int":
    case "uid":
    case "id":
      return <NumberField {...common} min={f.min ?? undefined} max={f.max ?? undefined} />;
    case "dict":
      return <SelectField {...common} options={dictOptions(f.dictType ? dicts[f.dictType] : [])} />;
    case "flag":
      return <RadioField {...common} options={dictOptions(f.dictType ? dicts[f.dictType] : [])} />;
    case "money":
      return <TextField {...common} placeholder={`${f.label} (${t("yuan")})`} />;
    case "phone":
      return <TextField {...common} maxLength={11} />;
    case "idcard":
      return <TextField {...common} maxLength={18} />;
    case "text":
      return <TextField {...common} maxLength={f.maxLength ?? undefined} />;
    case "url":
      return <TextField {...common} type="url" placeholder="https://" maxLength={f.maxLength ?? undefined} />;
    case "password":
      return <TextField {...common} type="password" maxLength={f.maxLength ?? undefined} />;
    case "targets":
      return <TargetsField field={f} control={control} fields={fields} record={record} />;
    default:
      return <ControlledField field={f} control={control} />;
  }
}

/** An address picked on the map (地图选点): the picker fills the address and its lng/lat companions. */
function LocationField({ field: f, control, fields }: { field: ResourceFieldMeta; control: Control<FieldValues>; fields: ResourceFieldMeta[] }) {
  const t = useTranslations("mapPicker");
  const MapPickerDialog = usePickers().location;
  const names = coordinateNames(fields);
  const address = useController({ control, name: f.name });
  const lng = useController({ control, name: names.lng ?? `${f.name}__lng` });
  const lat = useController({ control, name: names.lat ?? `${f.name}__lat` });
  const [open, setOpen] = useState(false);
  const id = `field-${f.name}`;
  return (
    <FormItem label={f.label} required={f.required} full error={address.fieldState.error?.message} htmlFor={id}>
      <div className="flex gap-2">
        <Input id={id} data-testid={`form-${f.name}`} name={address.field.name} value={(address.field.value ?? "") as string} maxLength={f.maxLength ?? undefined} onChange={address.field.onChange} onBlur={address.field.onBlur} />
        {MapPickerDialog && (
          <Button type="button" variant="outline" data-testid={`form-${f.name}-pick`} onClick={() => setOpen(true)}>
            {t("pick")}
          </Button>
        )}
      </div>
      {MapPickerDialog && (
        <MapPickerDialog
          open={open}
          value={pickedOf(address.field.value, lng.field.value, lat.field.value)}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            address.field.onChange(picked.address);
            lng.field.onChange(picked.lng === null ? "" : picked.lng.toFixed(6));
            lat.field.onChange(picked.lat === null ? "" : picked.lat.toFixed(6));
          }}
        />
      )}
    </FormItem>
  );
}

/** A field of a kind a feature registers (a region, a shop, a goods category): its picker, found by kind. */
function PickedField({ field: f, control, picker }: { field: ResourceFieldMeta; control: Control<FieldValues>; picker: KindPicker }) {
  const { field, fieldState } = useController({ control, name: f.name });
  const id = `field-${f.name}`;
  return (
    <FormItem label={f.label} required={f.required} full={picker.wide} error={fieldState.error?.message} htmlFor={id}>
      <picker.Input id={id} value={field.value} onChange={field.onChange} invalid={!!fieldState.error} testId={`form-${f.name}`} />
    </FormItem>
  );
}

/**
 * Ids picked by what the followed field says (the `targets` kind: a coupon's categories or goods by its scope),
 * kept as their comma text. Hidden where the followed value picks nothing (scope "all"); emptied when it
 * switches between categories and goods (the ids would name the other kind).
 */
function TargetsField({ field: f, control, fields, record }: { field: ResourceFieldMeta; control: Control<FieldValues>; fields: ResourceFieldMeta[]; record: Record<string, unknown> | null }) {
  const { field, fieldState } = useController({ control, name: f.name });
  const followed = useWatch({ control, name: f.follows ?? `${f.name}__follows` });
  const targets = usePickers().targets;
  const shopName = fields.find((other) => other.kind === "shop")?.name;
  const shopId = useWatch({ control, name: shopName ?? `${f.name}__shop` }) ?? record?.[shopName ?? "shopId"];
  const pick = pickFor(f.picks, followed);
  const shown = useRef<TargetPick | null>(pick);
  useEffect(() => {
    if (pick === shown.current) return;
    if (shown.current !== null && pick !== null) field.onChange("");
    shown.current = pick;
  }, [pick, field]);
  const ids = parseIds(field.value);
  const labelKey = f.name.endsWith("Ids") ? `${f.name.slice(0, -3)}Labels` : `${f.name}Labels`;
  const labels = useMemo(() => (Array.isArray(record?.[labelKey]) ? (record[labelKey] as { id: number; name: string }[]) : []), [record, labelKey]);
  const Picker = pick === null ? undefined : targets[pick];
  if (!Picker) return null;
  const set = (next: number[]) => field.onChange(joinIds(next));
  return (
    <FormItem label={f.label} required full error={fieldState.error?.message}>
      <Picker value={ids} onChange={set} shopId={shopId} labels={labels} testId={`form-${f.name}`} />
    </FormItem>
  );
}

/** The kinds with their own control: images, date and time, rich text. */
function ControlledField({ field: f, control }: { field: ResourceFieldMeta; control: Control<FieldValues> }) {
  const { field, fieldState } = useController({ control, name: f.name });
  const value = (field.value ?? "") as string;
  const id = `field-${f.name}`;
  const wide = f.kind === "richtext" || f.kind === "images";
  let input;
  if (f.kind === "image" || f.kind === "images") {
    input = <ImageUpload value={value} onChange={field.onChange} limit={f.kind === "image" ? 1 : undefined} testId={`form-${f.name}`} label={f.label} />;
  } else if (f.kind === "richtext") {
    input = <RichTextEditor value={value} onChange={field.onChange} testId={`form-${f.name}`} label={f.label} />;
  } else {
    input = (
      <Input
        id={id}
        type={f.kind === "date" ? "date" : "datetime-local"}
        step={f.kind === "date" ? undefined : 1}
        data-testid={`form-${f.name}`}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-invalid={!!fieldState.error}
      />
    );
  }
  return (
    <FormItem label={f.label} required={f.required} full={wide} error={fieldState.error?.message} htmlFor={id}>
      {input}
    </FormItem>
  );
}

/**
 * A dialog of declared fields (a record's create/edit form, an action's small form). `initial` is the
 * record the form starts from (null: empty); `onSave` gets the form's values and resolves true when done.
 */
export function MetaFormDialog({
  open,
  title,
  testId,
  fields,
  initial,
  dicts,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  testId: string;
  fields: ResourceFieldMeta[];
  initial: Record<string, unknown> | null;
  dicts: Dicts;
  onClose: () => void;
  /** resolves true when done; a refusal naming fields goes to `refused` (shown under the fields) */
  onSave: (values: Record<string, unknown>, loaded: Record<string, unknown>, refused: FieldRefusal) => Promise<boolean>;
}) {
  const words = useRuleWords();
  // the record's values as the form first holds them (an update sends only what changed from them)
  const loaded = useMemo(() => (initial ? formValues(fields, initial) : {}), [fields, initial]);
  const schema = useMemo(() => formSchema(fields, words, loaded), [fields, words, loaded]);
  const form = useForm<FieldValues>({ resolver: zodResolver(schema) as never });
  // a new record starts from the dictionary's default entry (the dictionaries as they are when it opens)
  const startValues = useEffectEvent(() => {
    const values = formValues(fields, initial);
    for (const f of fields) {
      if (!initial && (f.kind === "dict" || f.kind === "flag") && f.dictType) {
        values[f.name] = dicts[f.dictType]?.find((d) => d.isDefault === "Y")?.dictValue ?? (f.kind === "flag" ? dicts[f.dictType]?.[0]?.dictValue ?? "" : "");
      }
    }
    return values;
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(startValues());
  }, [open, initial, fields, reset]);
  const save = form.handleSubmit(async (values) => {
    if (await onSave(values, loaded, fieldRefusal(form))) onClose();
  });
  return (
    <FormDialog open={open} onOpenChange={(value) => !value && onClose()} title={title} testId={testId} onSubmit={save} submitting={form.formState.isSubmitting}>
      {fields.map((f) => (
        <MetaField key={f.name} field={f} control={form.control} dicts={dicts} fields={fields} record={initial} />
      ))}
    </FormDialog>
  );
}
