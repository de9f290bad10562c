import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    environment: "happy-dom",
    include: ["lib/**/*.test.ts", "features/**/*.test.ts", "components/**/*.test.ts"],
  },
});
