"use client";

import type { ReactNode } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import type { Option } from "@/lib/dict";
import { cn } from "@/lib/utils";

/** A labelled form row; its error sits right under the control. */
export function FormItem({
  label,
  required,
  error,
  full,
  htmlFor,
  testId,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string;
  full?: boolean;
  htmlFor?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId} className={cn("flex items-start gap-3", full && "sm:col-span-full")}>
      <label htmlFor={htmlFor} className="w-24 shrink-0 pt-2 text-right text-sm font-medium text-foreground/80">
        {required && <span className="mr-0.5 text-destructive">*</span>}
        {label}
      </label>
      <div className="min-w-0 flex-1">
        {children}
        {error && (
          <p id={htmlFor ? errorId(htmlFor) : undefined} data-testid="field-error" className="mt-1 text-xs text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  full?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

function fieldId(name: string) {
  return `field-${name.replace(/\W/g, "-")}`;
}

/** The id of a control's error under it: the control is described by it (aria-describedby). */
export function errorId(controlId: string) {
  return `${controlId}-error`;
}

export function TextField<T extends FieldValues>({
  type = "text",
  maxLength,
  ...props
}: FieldProps<T> & { type?: "text" | "password" | "email" | "url"; maxLength?: number }) {
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control: props.control, name: props.name });
  const id = fieldId(props.name);
  return (
    <FormItem label={props.label} required={props.required} full={props.full} error={fieldState.error?.message} htmlFor={id}>
      <Input
        id={id}
        type={type}
        data-testid={`form-${props.name}`}
        name={field.name}
        value={field.value ?? ""}
        onChange={field.onChange}
        onBlur={field.onBlur}
        ref={ref}
        disabled={props.disabled}
        maxLength={maxLength}
        placeholder={props.placeholder ?? props.label}
        aria-invalid={!!fieldState.error}
        aria-describedby={fieldState.error ? errorId(id) : undefined}
        autoComplete={type === "password" ? "new-password" : "off"}
      />
    </FormItem>
  );
}

export function TextareaField<T extends FieldValues>(props: FieldProps<T> & { rows?: number }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const id = fieldId(props.name);
  return (
    <FormItem label={props.label} required={props.required} full={props.full ?? true} error={fieldState.error?.message} htmlFor={id}>
      <Textarea
        id={id}
        data-testid={`form-${props.name}`}
        name={field.name}
        value={field.value ?? ""}
        onChange={field.onChange}
        onBlur={field.onBlur}
        rows={props.rows ?? 3}
        disabled={props.disabled}
        placeholder={props.placeholder ?? props.label}
        aria-invalid={!!fieldState.error}
        aria-describedby={fieldState.error ? errorId(id) : undefined}
      />
    </FormItem>
  );
}

/** A number input whose value is a number (empty is undefined). */
export function NumberField<T extends FieldValues>(props: FieldProps<T> & { min?: number; max?: number }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const id = fieldId(props.name);
  return (
    <FormItem label={props.label} required={props.required} full={props.full} error={fieldState.error?.message} htmlFor={id}>
      <Input
        id={id}
        type="number"
        data-testid={`form-${props.name}`}
        name={field.name}
        min={props.min}
        max={props.max}
        value={field.value ?? ""}
        onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
        onBlur={field.onBlur}
        disabled={props.disabled}
        aria-invalid={!!fieldState.error}
        aria-describedby={fieldState.error ? errorId(id) : undefined}
      />
    </FormItem>
  );
}

export function SelectField<T extends FieldValues>({
  options,
  emptyLabel,
  ...props
}: FieldProps<T> & { options: readonly Option[]; emptyLabel?: string }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const id = fieldId(props.name);
  return (
    <FormItem label={props.label} required={props.required} full={props.full} error={fieldState.error?.message} htmlFor={id}>
      <NativeSelect
        id={id}
        data-testid={`form-${props.name}`}
        name={field.name}
        value={field.value ?? ""}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={props.disabled}
        aria-invalid={!!fieldState.error}
        aria-describedby={fieldState.error ? errorId(id) : undefined}
      >
        <option value="">{emptyLabel ?? props.placeholder ?? props.label}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormItem>
  );
}

export function RadioField<T extends FieldValues>({ options, ...props }: FieldProps<T> & { options: readonly Option[] }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FormItem label={props.label} required={props.required} full={props.full} error={fieldState.error?.message}>
      <RadioGroup
        data-testid={`form-${props.name}`}
        value={field.value ?? ""}
        onValueChange={field.onChange}
        disabled={props.disabled}
        className="min-h-9 items-center"
      >
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 text-sm">
            <RadioGroupItem value={option.value} data-testid={`form-${props.name}-${option.value}`} />
            {option.label}
          </label>
        ))}
      </RadioGroup>
    </FormItem>
  );
}

/** Several values out of a list (roles, posts): numbers stay numbers. */
export function CheckboxGroupField<T extends FieldValues>({
  options,
  ...props
}: FieldProps<T> & { options: readonly (Option & { disabled?: boolean })[] }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const values = (field.value ?? []) as (string | number)[];
  const has = (value: string) => values.some((item) => String(item) === value);
  const toggle = (value: string, on: boolean) => {
    const typed = typeof values[0] === "string" ? value : Number(value);
    field.onChange(on ? [...values, typed] : values.filter((item) => String(item) !== value));
  };
  return (
    <FormItem label={props.label} required={props.required} full={props.full} error={fieldState.error?.message}>
      <div data-testid={`form-${props.name}`} className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 text-sm">
            <Checkbox
              data-testid={`form-${props.name}-${option.value}`}
              checked={has(option.value)}
              disabled={props.disabled || option.disabled}
              onCheckedChange={(value) => toggle(option.value, value === true)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </FormItem>
  );
}

/** An on/off flag stored as two values (RuoYi's "0"/"1" strings). */
export function SwitchField<T extends FieldValues>({
  onValue,
  offValue,
  ...props
}: FieldProps<T> & { onValue: string; offValue: string }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <FormItem label={props.label} full={props.full} error={fieldState.error?.message}>
      <div className="flex h-9 items-center">
        <Switch
          data-testid={`form-${props.name}`}
          checked={field.value === onValue}
          onCheckedChange={(on) => field.onChange(on ? onValue : offValue)}
          disabled={props.disabled}
        />
      </div>
    </FormItem>
  );
}
