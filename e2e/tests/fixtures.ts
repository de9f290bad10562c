import { test as base, type BrowserContext, type Page, type Response } from "@playwright/test";

/**
 * Playwright's own API, with one change every spec imports from here: a page of the console that a test opens
 * (goto, reload, back, forward) is handed back only once React has hydrated it (the root providers mark
 * <html data-hydrated>). Until then the server's HTML is on screen but its buttons do nothing: on a slow
 * machine a click that came that early was lost (CI met it on the single-chat list's next-page button).
 * Pages that are not the console's (the core's API docs, a JSON answer, a download) are handed back at once.
 */
export * from "@playwright/test";

const NAVIGATIONS = ["goto", "reload", "goBack", "goForward"] as const;
const patched = new WeakSet<Page>();

async function hydrated(page: Page, response: Response | null): Promise<void> {
  if (!response || !(response.headers()["content-type"] ?? "").includes("text/html")) return;
  // a Next.js page streams its payload through self.__next_f; any other HTML page has no React to wait for
  if (!(await page.evaluate(() => "__next_f" in self).catch(() => false))) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

function patch(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  for (const name of NAVIGATIONS) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      await hydrated(page, response);
      return response;
    };
  }
}

function watch(context: BrowserContext): BrowserContext {
  context.pages().forEach(patch);
  context.on("page", patch);
  return context;
}

export const test = base.extend<object, { hydratedBrowser: void }>({
  context: async ({ context }, use) => {
    await use(watch(context));
  },
  // contexts and pages a test opens itself (a second user's session) get the same waits
  hydratedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => watch(await newContext(...args));
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args) => {
        const page = await newPage(...args);
        patch(page);
        return page;
      };
      await use();
    },
    { scope: "worker", auto: true },
  ],
});
