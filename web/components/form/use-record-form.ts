"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";

export interface RecordFormOptions<F extends FieldValues> {
  open: boolean;
  /** the record edited; null creates one */
  id: number | null;
  /** the values of a new record */
  blank: () => DefaultValues<F>;
  /** the record's values, read when the dialog opens on it (a refusal closes the dialog) */
  read: (id: number) => Promise<DefaultValues<F>>;
  /** POST (creating) or PUT the values; false when refused (the form stays open) */
  write: (values: F, creating: boolean) => Promise<boolean>;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * An add/edit dialog's form: filled with blank values or the record read when it opens; its submit
 * handler writes, tells the user (added / updated), closes the dialog and lets the list refresh.
 */
export function useRecordForm<F extends FieldValues>(form: UseFormReturn<F>, options: RecordFormOptions<F>) {
  const tl = useTranslations("list");
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
  return form.handleSubmit(async (values) => {
    const creating = id === null;
    if (await options.write(values, creating)) {
      toast.success(creating ? tl("added") : tl("updated"));
      options.onClose();
      options.onSaved();
    }
  });
}
