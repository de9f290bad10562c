import { defineConfig } from "@playwright/test";

/**
 * Every spec file is in exactly one of BACKEND_SPECS and SERVICE_FREE_SPECS, with the reason it is there
 * (tests/test_e2e_specs.py fails on a spec in neither, or in both): a spec left out of the PostgreSQL run is a
 * decision. ./ops/test runs the SERVICE_FREE_SPECS on the embedded defaults and, with E2E_BACKEND_SPECS=1, the
 * BACKEND_SPECS on PostgreSQL + RabbitMQ + Redis; the Python suite runs every call on both backends.
 *
 * BACKEND_SPECS: the outcome depends on the services behind the stack: sessions and sign-in counters or rate
 * limits (Redis), live delivery, workers, jobs and delayed messages (RabbitMQ), and SQL that differs between
 * SQLite and PostgreSQL (date buckets, generated tables, partitioned tables).
 */
const BACKEND_SPECS: Record<string, string> = {
  "auth": "sign-in counters, lockouts and ended sessions (Redis)",
  "account-im": "signed, idempotent partner feeds and the IM lists' filters",
  "chat-popup": "live chat over the socket and the bus",
  "live-dashboard": "the home figures moved by order events and chat messages over the bus and the socket; exports built by the worker",
  "messages-centre": "unread badges and counts updated live through the bus",
  "charts": "sign-ins bucketed by local day (date SQL differs)",
  "resources": "the declared resources' filters, sorting and audit history (list filters)",
  "monitor-online": "a forced logout reaches a browser's session (session store and broadcast)",
  "monitor-jobs": "a job run by the scheduler and the workers through RabbitMQ",
  "monitor-logs": "the login log's unlock lifts a lockout kept in Redis; filters by date",
  "monitor-screens": "the cache screen shows Redis; the server and pool pages read the database",
  "tools-gen": "imports a table from the database's catalogue (generated tables)",
  "order-flow": "app orders reach staff live; refunds and timeouts through the workers",
  "order-group": "group-buy expiry by delayed message and the refund of every member",
  "consumers": "the app server's webhook and the background export are sent by workers through RabbitMQ",
  "content-pages": "an info push fans out through RabbitMQ and reports its progress",
  "content-categories": "an alarm is rate limited per operator in Redis and posted to a webhook",
  "profile": "a password change ends the user's other sessions (session store and broadcast)",
};

/**
 * SERVICE_FREE_SPECS: screens whose calls run the same SQL on both databases and use no worker, broker or
 * Redis; the Python suite tests those calls on PostgreSQL + RabbitMQ.
 */
const SERVICE_FREE_SPECS: Record<string, string> = {
  "list-frame": "row heights, row actions and sticky columns of lists read once; the refund confirmation is cancelled",
  "business-screens": "the demo's screens read once; their PostgreSQL SQL is tested by charts and the Python suite",
  "confirmations": "confirmations naming the record, refused fields under the fields and money in yuan: the web alone",
  "config-pages": "versioned saves of configuration pages: one conditional update, the same on both",
  "desk-access": "buttons and menus by permission",
  "dict": "dictionary CRUD and a list's tags",
  "finance": "pay code and withdrawal screens; their locks are tested on PostgreSQL by test_withdrawals.py",
  "i18n-dict": "dictionary labels and a business refusal in English: reads and one refused insert, the same on both",
  "mall-content": "supply-chain sync from the local provider and ad-category CRUD",
  "mall-goods": "goods form, spec matrix and review: CRUD and one conditional update",
  "mall-market": "coupon and group-buy forms and turntable odds; the draws' locks are tested in Python",
  "mall-shops": "settlement approval and the new shop account's own-shop scope",
  "map-picker": "search and click on the local maps provider",
  "notice": "a notice with an uploaded image on local storage",
  "order-aftersale": "a decision and a refund on the local wallet; order-flow runs a refund on PostgreSQL",
  "order-manage": "ship, pick-up and detail pages: the conditional updates order-flow runs on PostgreSQL",
  "order-detail-actions": "the to-ship tag, the detail's ship/close/remark and the demo's pictures: order-flow runs the same updates on PostgreSQL",
  "regions": "the region tree and cascader from the shipped dataset",
  "roles": "a custom data scope's user list: the same department filter on both",
  "shell": "menus, tabs, header search and theme: the web alone",
  "shop-staff": "a shop account's home (its figures, their lists), its area filter and its phone/password edit: reads and one update, the same on both",
  "shell-focus": "focus back on a dialog's opener and a detail table's sticky first column at 390 px: reads only",
  "small-screens": "dialogs, the chat, query panels and titles at a phone's and a desk's width",
  "theme": "light, dark and the system's colour mode and axe's colour contrast: the web and read-only screens",
  "tools-build": "the form builder runs in the browser",
  "tools-swagger": "the API docs page and its permission",
  "upload-s3": "@s3: only ./ops/test's S3 run (E2E_S3_URL) takes it",
  "users": "user CRUD, filters and a direct xlsx download",
  "transfer-progress": "an import's and a zip's progress bars: one import and one generated zip, the same on both",
  "web-security": "headers, CSRF and the content policy of the web",
  "a11y": "half the menu screens (axe in light and dark, their fit at 390 and 1440 px), the dialogs, the keyboard: the web alone",
  "a11y-more": "the sweep's other half of the menu screens (in the browser suite's other part): the web alone",
};

const specFiles = (names: Record<string, string>) => Object.keys(names).map((name) => `${name}.spec.ts`);

/**
 * The slowest specs (half the sweep over every screen, every business screen, every config page, the small screens):
 * ./ops/test runs them (E2E_PART=slow) on a stack of their own beside the rest (E2E_PART=rest), one browser per
 * core. A new spec joins the rest; mall-market (10,000 turntable draws) moved there when the PostgreSQL suite
 * before the rest shortened, confirmations and list-frame (~2.7 min) came here when the sweep's fit checks lengthened
 * both halves and small-screens' own sweep left this part, theme (~1.6 min) when the checks before this part
 * shortened by six minutes and the rest's lane ended three minutes after this one (docs/performance.md).
 */
const SLOW_SPECS = ["small-screens", "business-screens", "config-pages", "a11y", "confirmations", "list-frame", "theme"].map(
  (name) => `${name}.spec.ts`,
);

/**
 * What one run takes: E2E_BACKEND_SPECS the BACKEND_SPECS (./ops/test runs them on PostgreSQL + RabbitMQ + Redis,
 * where their outcome is decided); E2E_PART=slow the SLOW_SPECS and E2E_PART=rest the other SERVICE_FREE_SPECS (on the
 * embedded defaults: the CI's budget runs each spec once, docs/decisions.md); nothing set, every spec.
 */
function part(): { testMatch?: string[]; testIgnore?: string[] } {
  if (process.env.E2E_BACKEND_SPECS) return { testMatch: specFiles(BACKEND_SPECS) };
  if (process.env.E2E_PART === "slow") return { testMatch: SLOW_SPECS };
  if (process.env.E2E_PART === "rest") return { testIgnore: [...SLOW_SPECS, ...specFiles(BACKEND_SPECS)] };
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
  // a test.only left in a spec fails the run instead of silently running only that test
  forbidOnly: true,
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
