import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "./fixtures";

const ROOT = path.resolve(__dirname, "../..");
const PYTHON = path.join(ROOT, ".venv", "bin", "python");

/** The core's address and the partners' key of the stack under test (ops.stack run sets them). */
export function coreEnv(): { core: string; key: string } {
  const core = process.env.E2E_CORE_URL ?? "";
  const key = process.env.E2E_PARTNER_KEY ?? "";
  if (!core || !key) throw new Error("E2E_CORE_URL and E2E_PARTNER_KEY are needed (run through ops.stack with CONSOLE_CHAT_PARTNER_KEY)");
  return { core, key };
}

/** A signed partner call as the app's server makes it (HMAC-SHA256 of timestamp, method, path with its
 * query as sent, a fresh idempotency key and body): its answer's data, after checking the code is 200. */
export async function partnerPost<T = unknown>(path: string, body: unknown): Promise<T> {
  const { core, key } = coreEnv();
  const data = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const idempotencyKey = randomUUID();
  const signature = createHmac("sha256", key).update(`${timestamp}\nPOST\n${path}\n${idempotencyKey}\n${data}`).digest("hex");
  const response = await fetch(`${core}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Partner-Timestamp": timestamp, "X-Partner-Signature": signature, "Idempotency-Key": idempotencyKey },
    body: data,
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

/** A customer id no earlier run used (the database may be kept between runs). */
export function uniquePeerId(): number {
  return 100_000 + (Date.now() % 800_000) + Math.floor(Math.random() * 1000);
}

export interface SimulatorOptions {
  id: number;
  name: string;
  say?: string[];
  images?: string[];
  listen?: number;
  kind?: "user" | "shop";
}

/**
 * The chat simulator (ops.chat_sim) as an app user: it signs in with the partner key, sends what it
 * is told, then prints every message it receives ("<time> <name>: <text>", images as [图片]).
 */
export class Simulator {
  private readonly process: ChildProcess;
  private output = "";
  private exited: Promise<number | null>;

  constructor(options: SimulatorOptions) {
    const { core, key } = coreEnv();
    const args = [
      "-m", "ops.chat_sim",
      "--core", core,
      "--partner-key", key,
      "--kind", options.kind ?? "user",
      "--id", String(options.id),
      "--name", options.name,
      "--listen", String(options.listen ?? 0.1),
    ];
    for (const text of options.say ?? []) args.push("--say", text);
    for (const image of options.images ?? []) args.push("--image", image);
    this.process = spawn(PYTHON, args, { cwd: ROOT, env: { ...process.env, PYTHONUNBUFFERED: "1" } });
    this.process.stdout?.on("data", (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
    });
    this.process.stderr?.on("data", (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
    });
    this.exited = new Promise((resolve) => this.process.on("exit", (code) => resolve(code)));
  }

  get stdout(): string {
    return this.output;
  }

  /** Waits until the simulator has printed a line matching the pattern. */
  async waitFor(pattern: RegExp, timeout = 20_000): Promise<string> {
    await expect.poll(() => pattern.test(this.output), { timeout, message: `simulator output:\n${this.output}` }).toBe(true);
    return this.output.match(pattern)?.[0] ?? "";
  }

  /** Waits for the simulator to finish (after sending, when it listens only briefly). */
  async done(timeout = 30_000): Promise<number | null> {
    return Promise.race([
      this.exited,
      new Promise<null>((_, reject) => setTimeout(() => reject(new Error(`simulator still running:\n${this.output}`)), timeout)),
    ]);
  }

  stop(): void {
    if (this.process.exitCode === null && this.process.pid) this.process.kill("SIGTERM");
  }
}

/** Sends messages as an app user and waits until the core took them all. */
export async function customerSays(options: SimulatorOptions): Promise<void> {
  const sim = new Simulator({ ...options, listen: 0.1 });
  try {
    expect(await sim.done(), sim.stdout).toBe(0);
    const sent = (sim.stdout.match(/^sent( image)?: 200$/gm) ?? []).length;
    expect(sent, sim.stdout).toBe((options.say?.length ?? 0) + (options.images?.length ?? 0));
  } finally {
    sim.stop();
  }
}

/** A partner's order event (header X-Partner-Key): it becomes an order message for the admin. */
export async function pushOrderEvent(orderNo: string, title: string): Promise<void> {
  const { core, key } = coreEnv();
  const response = await fetch(`${core}/api/msg/v1/order_event`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Partner-Key": key },
    body: JSON.stringify({ orderNo, shopId: 0, messageType: 1901, title, content: `订单 ${orderNo} 有新动态`, eventId: `e2e-${orderNo}` }),
  });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
}

/** Uploads a file through the console (as the signed-in operator) and returns its stored path. */
export async function uploadAs(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<string> {
  const response = await page.request.post("/api/bff/api/common/upload", { multipart: { file: { name, mimeType, buffer } } });
  const body = (await response.json()) as { code: number; msg: string; fileName: string };
  expect(body.code, body.msg).toBe(200);
  return body.fileName;
}

/** The header badge's total (orderMsgNum + sysMsgNum + chat unread). */
export async function badgeTotal(page: Page): Promise<number> {
  return Number(await page.getByTestId("unread-badge").getAttribute("data-total"));
}

/** The header badge's total, once the person sees that same number on it (capped at '99+', nothing at 0). */
export async function shownBadgeTotal(page: Page): Promise<number> {
  const total = await badgeTotal(page);
  const count = page.getByTestId("unread-badge").getByTestId("unread-count");
  if (total === 0) await expect(count).toHaveCount(0);
  else await expect(count).toHaveText(total > 99 ? "99+" : String(total));
  return total;
}

/** A console page with the chat socket open and the counts loaded. */
export async function openConsole(page: Page, url = "/index"): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId("chat-open")).toHaveAttribute("data-connected", "true", { timeout: 15_000 });
  // the socket's first badge (the desk's unread) has arrived
  await expect(page.getByTestId("chat-open")).toHaveAttribute("data-badge-known", "true");
  await expect(page.getByTestId("unread-badge")).toHaveAttribute("data-loaded", "true");
}

export function room(page: Page, name: string): Locator {
  return page.getByTestId("chat-rooms").locator('[data-testid="chat-room"]', { hasText: name });
}

/** Runs a short Python snippet against the stack's own settings and database (the same environment as the
 * stack: CONSOLE_VAR_DIR, CONSOLE_DATABASE_URL...) and answers its last printed line. */
function python(script: string, ...args: string[]): string {
  const out = execFileSync(PYTHON, ["-c", script, ...args], { cwd: ROOT }).toString().trim().split("\n");
  return out[out.length - 1] ?? "";
}

/** The local wallet provider's name and key as the stack derives them (core_api/platform/settings.py:
 * ``wallet_segment`` and ``wallet_secret``: CONSOLE_WALLET_KEY, else HMAC-SHA256 of the console's secret and
 * "local-wallet"; the secret is CONSOLE_SECRET_KEY or var/secret_key). */
function localWallet(): { segment: string; key: string } {
  const segment = process.env.CONSOLE_WALLET_NAME || "local";
  if (process.env.CONSOLE_WALLET_KEY) return { segment, key: process.env.CONSOLE_WALLET_KEY };
  const secret = process.env.CONSOLE_SECRET_KEY || readFileSync(path.join(process.env.CONSOLE_VAR_DIR || path.join(ROOT, "var"), "secret_key"), "utf8").trim();
  return { segment, key: createHmac("sha256", secret).update("local-wallet").digest("hex") };
}

/** The local wallet provider paying a code: its signed callback to POST /api/open/v1/wallet/{provider}/notify
 * (core_api/platform/wallet.py: HMAC-SHA256 of timestamp, nonce, method, path and body with the local key),
 * as the provider sends it once the buyer has paid. Answers the callback's result ("paid", "repeat"). */
export async function walletPaid(outTradeNo: string, amountFen: number): Promise<string> {
  const walletKey = localWallet();
  const { core } = coreEnv();
  const path = `/api/open/v1/wallet/${walletKey.segment}/notify`;
  const body = JSON.stringify({ outTradeNo, tradeNo: `L${outTradeNo}`, amountFen, status: "PAID", paidAt: Math.floor(Date.now() / 1000) });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID().replace(/-/g, "");
  const signature = createHmac("sha256", walletKey.key).update(`${timestamp}\n${nonce}\nPOST\n${path}\n${body}`).digest("hex");
  const response = await fetch(`${core}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Wallet-Timestamp": timestamp, "X-Wallet-Nonce": nonce, "X-Wallet-Signature": signature },
    body,
  });
  const answer = (await response.json()) as { code: string; msg: string; result?: string };
  expect(answer.code, answer.msg).toBe("SUCCESS");
  return answer.result ?? "";
}

/** The pick-up code the buyer shows at the counter. The app reads it from its own order copy; the partner API
 * has no order read yet, and the console never shows it (staff must get it from the buyer), so the spec reads
 * the stack's database. */
export function pickupCodeOf(shopOrderNo: string): string {
  return python(
    [
      "import asyncio, sys",
      "from core_api.model_index import model_modules",
      "from core_api.platform import db",
      "from core_api.platform.settings import Settings",
      "from core_api.order.core.models import OrderShop",
      "async def main():",
      "    ctx = await db.init_db(Settings(), model_modules())",
      "    print((await OrderShop.get(order_no=sys.argv[1])).pickup_code or '')",
      "    await db.close_db(ctx)",
      "asyncio.run(main())",
    ].join("\n"),
    shopOrderNo,
  );
}
