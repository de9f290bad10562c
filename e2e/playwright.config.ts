import { defineConfig } from "@playwright/test";

/**
 * The specs whose outcome depends on the services behind the stack: sessions and sign-in counters (Redis),
 * live delivery, jobs and delayed messages (RabbitMQ), and SQL that differs between SQLite and PostgreSQL
 * (date buckets, generated tables, list filters). ./ops/test runs the whole suite on the embedded defaults
 * and, with E2E_BACKEND_SPECS=1, only these again on PostgreSQL + RabbitMQ + Redis; the Python suite runs
 * every call on both backends.
 */
const BACKEND_SPECS = [
  "auth", "account-im", "chat-popup", "messages-centre", "charts", "resources",
  "monitor-online", "monitor-jobs", "monitor-logs", "monitor-screens", "tools-gen",
  "order-flow", "order-group",
].map((name) => `${name}.spec.ts`);

/**
 * The slowest specs (every screen at two widths, 10,000 turntable draws, every business screen, every config
 * page): ./ops/test runs them (E2E_PART=slow) on a stack of their own beside the rest (E2E_PART=rest), one
 * browser per core. A new spec joins the rest.
 */
const SLOW_SPECS = ["small-screens", "mall-market", "business-screens", "config-pages"].map((name) => `${name}.spec.ts`);

function part(): { testMatch?: string[]; testIgnore?: string[] } {
  if (process.env.E2E_BACKEND_SPECS) return { testMatch: BACKEND_SPECS };
  if (process.env.E2E_PART === "slow") return { testMatch: SLOW_SPECS };
  if (process.env.E2E_PART === "rest") return { testIgnore: SLOW_SPECS };
  return {};
}

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
      ...part(),
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
