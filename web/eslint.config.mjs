import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/** Next's own rules (core web vitals and TypeScript); generated files are not linted. */
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "out/**", "next-env.d.ts", "lib/api/bff-types.ts", "lib/api/core-types.ts", "public/**"]),
]);
