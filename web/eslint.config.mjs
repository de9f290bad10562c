import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/** Next's own rules (core web vitals and TypeScript); generated files are not linted. */
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // leaving a key out by destructuring the rest (`const { id: _id, ...rest } = row`) is how an object is copied
      // without it: the named key is meant to be unused
      "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }],
      // the images shown are uploaded files at the storage provider's addresses (local, S3, OSS: chosen at run time)
      // and the captcha's data URL: next/image would need their hosts at build time and proxies them through its
      // optimiser, so a plain <img> is the right element here
      "@next/next/no-img-element": "off",
    },
  },
  globalIgnores([".next/**", "out/**", "next-env.d.ts", "lib/api/bff-types.ts", "lib/api/core-types.ts", "public/**"]),
]);
