/**
 * Export of a designed form: the JSON the core saves, and the source of a React component
 * (react-hook-form + zod, plain HTML controls) that renders and validates the same form.
 * Every text the designer typed goes into the source as a JSON string literal; field names follow
 * FIELD_NAME, so nothing typed can break out of the code.
 */
import { type DesignField, formProblem, toSaved } from "./schema";
import { leafFields, requiredMessage } from "./validation";

export function exportJson(formName: string, fields: readonly DesignField[]): string {
  return `${JSON.stringify({ formName, fields: toSaved(fields) }, null, 2)}\n`;
}

/** A PascalCase component name from the form's name; "DesignedForm" when nothing usable is left. */
export function componentName(formName: string): string {
  const words = formName.match(/[A-Za-z0-9]+/g) ?? [];
  const name = words.map((word) => word[0].toUpperCase() + word.slice(1)).join("");
  return /^[A-Z][A-Za-z0-9]*$/.test(name) ? `${name}Form` : "DesignedForm";
}

const str = (value: string) => JSON.stringify(value).replace(/<\//g, "<\\/");

function schemaLine(field: DesignField): string {
  const label = field.label || field.name;
  const required = str(requiredMessage(field));
  const r = field.rules;
  switch (field.type) {
    case "number":
    case "rate":
    case "slider": {
      let s = `z.number({ error: ${required} })`;
      if (r.min !== undefined) s += `.min(${Number(r.min)}, ${str(`${label}不能小于${r.min}`)})`;
      if (r.max !== undefined) s += `.max(${Number(r.max)}, ${str(`${label}不能大于${r.max}`)})`;
      return field.required ? s : `${s}.optional()`;
    }
    case "switch":
      return "z.boolean()";
    case "checkbox":
      return field.required ? `z.array(z.string()).min(1, ${required})` : "z.array(z.string())";
    case "daterange":
      return field.required ? `z.tuple([z.string(), z.string()]).refine(([a, b]) => !!a && !!b, ${required})` : "z.tuple([z.string(), z.string()])";
    case "upload":
      return field.required ? `z.any().refine((files) => !!files && files.length > 0, ${required})` : "z.any()";
    default: {
      let s = "z.string()";
      if (field.required) s += `.trim().min(1, ${required})`;
      if (r.minLength !== undefined) s += `.min(${Number(r.minLength)}, ${str(`${label}至少${r.minLength}个字符`)})`;
      if (r.maxLength !== undefined) s += `.max(${Number(r.maxLength)}, ${str(`${label}最多${r.maxLength}个字符`)})`;
      if (r.pattern) s += `.regex(new RegExp(${str(r.pattern)}), ${str(r.message || `${label}格式不正确`)})`;
      return s;
    }
  }
}

function defaultLiteral(field: DesignField): string {
  switch (field.type) {
    case "checkbox":
      return JSON.stringify(Array.isArray(field.default) ? field.default.map(String) : []);
    case "switch":
      return field.default === true ? "true" : "false";
    case "number":
    case "rate":
    case "slider":
      return typeof field.default === "number" && Number.isFinite(field.default) ? String(field.default) : "undefined";
    case "daterange":
      return '["", ""]';
    case "upload":
      return "undefined";
    default:
      return str(field.default === null || field.default === undefined ? "" : String(field.default));
  }
}

function control(field: DesignField, indent: string): string {
  const n = str(field.name);
  const placeholder = field.placeholder ? ` placeholder={${str(field.placeholder)}}` : "";
  const options = (kind: "radio" | "checkbox") =>
    field.options
      .map((o) => `${indent}<label><input type="${kind}" value={${str(o.value)}} {...register(${n})} /> {${str(o.label)}}</label>`)
      .join("\n");
  switch (field.type) {
    case "textarea":
      return `${indent}<textarea id={${n}}${placeholder} {...register(${n})} />`;
    case "editor":
      return `${indent}<textarea id={${n}} rows={8}${placeholder} {...register(${n})} />`;
    case "number":
      return `${indent}<input id={${n}} type="number"${placeholder} {...register(${n}, { setValueAs: (v) => (v === "" ? undefined : Number(v)) })} />`;
    case "rate":
    case "slider": {
      const min = field.rules.min ?? 0;
      const max = field.rules.max ?? (field.type === "rate" ? 5 : 100);
      return `${indent}<input id={${n}} type="range" min={${Number(min)}} max={${Number(max)}} {...register(${n}, { valueAsNumber: true })} />`;
    }
    case "select":
      return [
        `${indent}<select id={${n}} {...register(${n})}>`,
        `${indent}  <option value="">{${str(field.placeholder || "请选择")}}</option>`,
        ...field.options.map((o) => `${indent}  <option value={${str(o.value)}}>{${str(o.label)}}</option>`),
        `${indent}</select>`,
      ].join("\n");
    case "radio":
      return options("radio");
    case "checkbox":
      return options("checkbox");
    case "switch":
      return `${indent}<input id={${n}} type="checkbox" role="switch" {...register(${n})} />`;
    case "date":
      return `${indent}<input id={${n}} type="date" {...register(${n})} />`;
    case "daterange":
      return `${indent}<input type="date" aria-label="begin" {...register(${str(`${field.name}.0`)})} /> - <input type="date" aria-label="end" {...register(${str(`${field.name}.1`)})} />`;
    case "time":
      return `${indent}<input id={${n}} type="time" {...register(${n})} />`;
    case "color":
      return `${indent}<input id={${n}} type="color" {...register(${n})} />`;
    case "upload":
      return `${indent}<input id={${n}} type="file" multiple {...register(${n})} />`;
    default:
      return `${indent}<input id={${n}}${placeholder} {...register(${n})} />`;
  }
}

function item(field: DesignField, indent: string): string {
  const n = str(field.name);
  const width = `${((Math.min(Math.max(field.span, 1), 24) / 24) * 100).toFixed(4).replace(/\.?0+$/, "")}%`;
  return [
    `${indent}<div style={{ width: ${str(width)} }}>`,
    `${indent}  <label htmlFor={${n}}>{${str(field.label || field.name)}}${field.required ? " *" : ""}</label>`,
    control(field, `${indent}  `),
    `${indent}  {errors[${n}] && <p role="alert">{String(errors[${n}]?.message ?? "")}</p>}`,
    `${indent}</div>`,
  ].join("\n");
}

/** The source of a React component for the form (throws with the reason when the form is not valid). */
export function exportReact(formName: string, fields: readonly DesignField[]): string {
  const problem = formProblem(fields);
  if (problem) throw new Error(problem);
  const name = componentName(formName);
  const leaves = leafFields(fields);
  const body = fields
    .map((field) =>
      field.type === "row"
        ? [`      <div style={{ display: "flex", gap: 16 }}>`, ...field.children.map((child) => item(child, "        ")), "      </div>"].join("\n")
        : item(field, "      "),
    )
    .join("\n");
  return `"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";

export const schema = z.object({
${leaves.map((field) => `  ${field.name}: ${schemaLine(field)},`).join("\n")}
});

export type ${name}Values = z.infer<typeof schema>;

/** ${str(formName).slice(1, -1).replace(/\*\//g, "* /")} */
export function ${name}({ onSubmit }: { onSubmit: (values: ${name}Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<${name}Values>({
    resolver: zodResolver(schema),
    defaultValues: {
${leaves.map((field) => `      ${field.name}: ${defaultLiteral(field)},`).join("\n")}
    } as never,
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} style={{ display: "flex", flexWrap: "wrap", gap: 12 }}>
${body}
      <button type="submit">提交</button>
    </form>
  );
}
`;
}
