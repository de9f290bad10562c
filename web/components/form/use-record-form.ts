"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { type DefaultValues, type FieldPath, type FieldValues, type Resolver, useForm, type UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import type { FieldRefusal } from "@/lib/api/core";
import { knownFieldErrors } from "@/lib/validate";

/** What a form does with the server's refusal of its fields: each message under its field (the toast stays). */
export function fieldRefusal<F extends FieldValues>(form: UseFormReturn<F>): FieldRefusal {
  return (fields) => {
    for (const [name, message] of knownFieldErrors(fields, Object.keys(form.getValues()))) {
      form.setError(name as FieldPath<F>, { type: "server", message }, { shouldFocus: true });
    }
  };
}

export interface RecordFormOptions<F extends FieldValues> {
  open: boolean;
  /** the record edited; null creates one */
  id: number | null;
  /** the values of a new record */
  blank: () => DefaultValues<F>;
  /** the record's values, read when the dialog opens on it (a refusal closes the dialog) */
  read: (id: number) => Promise<DefaultValues<F>>;
  /** POST (creating) or PUT the values; false when refused (the form stays open; `refused` shows the refusal's
   * field problems under the fields: pass it to `done`) */
  write: (values: F, creating: boolean, refused: FieldRefusal) => Promise<boolean>;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * An add/edit dialog's form: filled with blank values or the record read when it opens; its submit
 * handler writes, tells the user (added / updated), closes the dialog and lets the list refresh.
 */
export function useRecordForm<F extends FieldValues>(form: UseFormReturn<F>, options: RecordFormOptions<F>) {
  const { open, id } = options;
  useEffect(() => {
    if (!open) return;
    if (id === null) {
      form.reset(options.blank());
      return;
    }
    options.read(id).then((values) => form.reset(values), options.onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only when the dialog opens on another record
  }, [open, id]);
  return useRecordSubmit(form, { creating: id === null, write: options.write, onClose: options.onClose, onSaved: options.onSaved });
}

/** An add/edit form's submit: writes (POST creating, else PUT), tells 新增成功 / 修改成功, closes the dialog and lets the list refresh. */
export function useRecordSubmit<F extends FieldValues>(
  form: UseFormReturn<F>,
  { creating, write, onClose, onSaved }: { creating: boolean; write: (values: F, creating: boolean, refused: FieldRefusal) => Promise<boolean>; onClose: () => void; onSaved: () => void },
) {
  const tl = useTranslations("list");
  return form.handleSubmit(async (values) => {
    if (await write(values, creating, fieldRefusal(form))) {
      toast.success(creating ? tl("added") : tl("updated"));
      onClose();
      onSaved();
    }
  });
}

/** What a list gives its add/edit dialog. */
export interface RecordDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * An add/edit dialog's form and the props of its FormDialog (open, title 添加… / 修改…, submit): spread
 * `dialog` on the FormDialog and give `control` to the fields.
 */
export function useRecordDialog<F extends FieldValues>(
  resolver: Resolver<F>,
  { titles: [addTitle, editTitle], defaultValues, ...options }: RecordFormOptions<F> & { titles: readonly [string, string]; defaultValues?: DefaultValues<F> },
) {
  const form = useForm<F>({ resolver, defaultValues });
  const save = useRecordForm(form, options);
  const dialog = {
    open: options.open,
    onOpenChange: (open: boolean) => !open && options.onClose(),
    title: options.id === null ? addTitle : editTitle,
    onSubmit: save,
    submitting: form.formState.isSubmitting,
  };
  return { form, control: form.control, dialog };
}
