import ts from "typescript";
import { describe, expect, it } from "vitest";
import { componentName, exportJson, exportReact } from "./export";
import { createField, type DesignField, insertField, updateField } from "./schema";

function sample(): DesignField[] {
  let f: DesignField[] = [];
  for (const type of ["input", "textarea", "number", "select", "radio", "checkbox", "switch", "date", "daterange", "time", "rate", "slider", "color", "upload", "editor"] as const) {
    f = insertField(f, createField(type, f, type));
  }
  f = insertField(f, createField("row", f, "row"));
  f = insertField(f, createField("input", f, "inner"), "row");
  return updateField(f, "input", { label: '名"}</label><script>alert(1)</script>{`', required: true, placeholder: "${x}", rules: { pattern: "^\\w+$", maxLength: 10 } });
}

function syntaxErrors(source: string): string[] {
  const out = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.ReactJSX, target: ts.ScriptTarget.ES2022 }, fileName: "form.tsx" });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("export", () => {
  it("writes the saved JSON of the form", () => {
    const json = JSON.parse(exportJson("报名表", sample()));
    expect(json.formName).toBe("报名表");
    expect(json.fields).toHaveLength(16);
    expect(json.fields[15].children[0].name).toBe("field16");
  });

  it("names the component after the form", () => {
    expect(componentName("sign up 2026")).toBe("SignUp2026Form");
    expect(componentName("报名表")).toBe("DesignedForm");
  });

  it("writes a React component that parses, with every control and hostile text kept inside string literals", () => {
    const source = exportReact("sign-up */ evil", sample());
    expect(syntaxErrors(source)).toEqual([]);
    expect(source).toContain("export function SignUpEvilForm");
    expect(source).toContain("zodResolver(schema)");
    expect(source).toContain('{"名\\"}<\\/label><script>alert(1)<\\/script>{`"}');
    expect(source).not.toContain("</script>");
    for (const control of ['type="number"', "<select", 'type="radio"', 'type="checkbox"', 'role="switch"', 'type="date"', 'type="time"', 'type="range"', 'type="color"', 'type="file"', "<textarea"]) {
      expect(source, control).toContain(control);
    }
    expect(source).toContain(".regex(new RegExp(\"^\\\\w+$\")");
  });

  it("refuses to export a form with a bad field name", () => {
    expect(() => exportReact("x", updateField(sample(), "input", { name: "a b" }))).toThrow("a b");
  });
});
