"use client";

/**
 * Form rows for the controls the code generator offers beyond fields.tsx: date and time, a
 * comma-joined multi-choice, yes/no, image and file upload, rich text. All take react-hook-form's
 * control like the fields of fields.tsx, so generated screens read like hand-written ones.
 */
import { PaperclipIcon, UploadIcon } from "lucide-react";
import { useRef, useState } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { ImageUpload } from "@/components/upload/image-upload";
import { type DateKind, fromDateInput, joinValues, splitValues, toDateInput } from "@/lib/datetime-input";
import type { Option } from "@/lib/dict";
import { countError, FILE_LIMIT, fileUrl, joinFiles, splitFiles, uploadError } from "@/lib/files";
import { upload } from "@/lib/request";
import { FormItem } from "./fields";

interface RowProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  full?: boolean;
}

export function DateTimeField<T extends FieldValues>({ kind = "datetime", ...props }: RowProps<T> & { kind?: DateKind }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FormItem label={props.label} required={props.required} full={props.full} error={fieldState.error?.message}>
      <Input
        type={kind === "date" ? "date" : "datetime-local"}
        data-testid={`form-${props.name}`}
        value={toDateInput(field.value, kind)}
        onChange={(e) => field.onChange(fromDateInput(e.target.value, kind))}
        onBlur={field.onBlur}
        aria-invalid={!!fieldState.error}
      />
    </FormItem>
  );
}

/** Several choices stored as one comma-joined string. */
export function MultiChoiceField<T extends FieldValues>({ options, ...props }: RowProps<T> & { options: readonly Option[] }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const values = splitValues(field.value);
  return (
    <FormItem label={props.label} required={props.required} full={props.full} error={fieldState.error?.message}>
      <div data-testid={`form-${props.name}`} className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 text-sm">
            <Checkbox
              checked={values.includes(option.value)}
              onCheckedChange={(on) => field.onChange(joinValues(on === true ? [...values, option.value] : values.filter((v) => v !== option.value)))}
            />
            {option.label}
          </label>
        ))}
      </div>
    </FormItem>
  );
}

export function BooleanField<T extends FieldValues>(props: RowProps<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FormItem label={props.label} full={props.full} error={fieldState.error?.message}>
      <div className="flex h-9 items-center">
        <Switch data-testid={`form-${props.name}`} checked={field.value === true} onCheckedChange={field.onChange} />
      </div>
    </FormItem>
  );
}

export function ImageUploadField<T extends FieldValues>(props: RowProps<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FormItem label={props.label} required={props.required} full={props.full ?? true} error={fieldState.error?.message}>
      <ImageUpload value={String(field.value ?? "")} onChange={field.onChange} testId={`form-${props.name}`} />
    </FormItem>
  );
}

/** Spec §2.9 file upload: 选取文件, the size and type tip, the uploaded files with 删除. */
export function FileUploadField<T extends FieldValues>(props: RowProps<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paths = splitFiles(field.value as string | undefined);
  const pick = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (input.current) input.current.value = "";
    const refusal = countError(paths.length, chosen.length, FILE_LIMIT.count) ?? chosen.map((file) => uploadError(file, FILE_LIMIT)).find(Boolean) ?? null;
    setMessage(refusal);
    if (refusal || chosen.length === 0) return;
    setBusy(true);
    const added: string[] = [];
    try {
      for (const file of chosen) {
        const form = new FormData();
        form.append("file", file);
        const body = await upload("/common/upload", form);
        const stored = String(body.fileName ?? body.url ?? "");
        if (stored) added.push(stored);
      }
    } catch {
      // the request layer told the user
    } finally {
      setBusy(false);
      if (added.length) field.onChange(joinFiles([...paths, ...added]));
    }
  };
  return (
    <FormItem label={props.label} required={props.required} full={props.full ?? true} error={message ?? fieldState.error?.message}>
      <div data-testid={`form-${props.name}`} className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <UploadIcon />
            选取文件
          </Button>
          <span className="text-xs text-muted-foreground">
            请上传大小不超过 {FILE_LIMIT.sizeMb}MB 格式为 {FILE_LIMIT.types.join("/")} 的文件
          </span>
        </div>
        <input ref={input} type="file" multiple hidden onChange={(e) => void pick(e.target.files)} />
        {paths.map((path) => (
          <div key={path} className="flex items-center gap-2 text-sm">
            <PaperclipIcon className="size-3.5" />
            <a href={fileUrl(path)} target="_blank" rel="noreferrer" className="truncate text-primary hover:underline">
              {path.slice(path.lastIndexOf("/") + 1)}
            </a>
            <button type="button" className="text-destructive text-xs" onClick={() => field.onChange(joinFiles(paths.filter((p) => p !== path)))}>
              删除
            </button>
          </div>
        ))}
      </div>
    </FormItem>
  );
}

export function EditorField<T extends FieldValues>(props: RowProps<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FormItem label={props.label} required={props.required} full error={fieldState.error?.message}>
      <RichTextEditor value={String(field.value ?? "")} onChange={field.onChange} testId={`form-${props.name}`} minHeight={160} />
    </FormItem>
  );
}
