import { defineConfig } from "@playwright/test";

/** Runs against a stack that is already up (./ops/test starts it); never downloads a browser. */
export default defineConfig({
  testDir: "./tests",
  projects: [
    { name: "setup", testMatch: /\.setup\.ts$/ },
    // @s3 specs need the stack on an S3 store: only ./ops/test's browser-s3 run (E2E_S3_URL) runs them, and only them
    {
      name: "console",
      dependencies: ["setup"],
      ...(process.env.E2E_S3_URL ? { grep: /@s3/ } : { grepInvert: /@s3/ }),
    },
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["./summary-reporter.ts"],
    // ./ops/test collects every suite's JUnit file into one closing count
    ...(process.env.E2E_JUNIT ? [["junit", { outputFile: process.env.E2E_JUNIT }] as const] : []),
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000",
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: "zh-CN",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
