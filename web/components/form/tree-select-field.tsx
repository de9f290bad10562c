"use client";

import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { TreeSelect } from "@/components/tree/tree-select";
import type { TreeNode } from "@/lib/tree-check";
import { FormItem } from "./fields";

export function TreeSelectField<T extends FieldValues>({
  control,
  name,
  label,
  nodes,
  required,
  full,
  placeholder,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  nodes: readonly TreeNode[];
  required?: boolean;
  full?: boolean;
  placeholder?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormItem label={label} required={required} full={full} error={fieldState.error?.message}>
      <TreeSelect
        testId={`form-${name}`}
        nodes={nodes}
        value={field.value as number | null | undefined}
        onChange={field.onChange}
        placeholder={placeholder ?? label}
        invalid={!!fieldState.error}
      />
    </FormItem>
  );
}
