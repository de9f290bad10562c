import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures";
import { ADMIN_STATE, RY, signIn } from "./helpers";
import { seedPaidOrder } from "./order-helpers";
import { unique } from "./system-helpers";

/** Issue 28 §5 (light, dark, follow the system) and the colour part of §6 (WCAG AA contrast in both modes). */

const DARK_BACKGROUND = "rgb(20, 20, 20)";

/** Records whether <html> was dark when <body> first appeared: before any React code could run. */
async function watchFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      const root = document.documentElement;
      root.dataset.firstPaint = root.classList.contains("dark") ? "dark" : "light";
      root.dataset.firstPrimary = `${root.style.getPropertyValue("--primary-light")} ${root.style.getPropertyValue("--primary-dark")}`;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function firstPaint(page: Page): Promise<string | null> {
  return page.locator("html").getAttribute("data-first-paint");
}

async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains("dark"));
}

/** Visible elements of `root` painted pure white, larger than an icon (a switch's thumb is white on purpose). */
async function whiteBoxes(page: Page, root: string): Promise<string[]> {
  return page.locator(root).first().evaluate((holder) => {
    const found: string[] = [];
    for (const element of [holder, ...holder.querySelectorAll("*")]) {
      const box = element.getBoundingClientRect();
      if (box.width < 24 || box.height < 24) continue;
      if (getComputedStyle(element).backgroundColor === "rgb(255, 255, 255)") {
        found.push(`${element.tagName.toLowerCase()}.${String(element.getAttribute("class")).slice(0, 60)}`);
      }
    }
    return found;
  });
}

test.describe("the colour mode", () => {
  test.use({ colorScheme: "dark" });

  test("follows the system by default, before the first paint and live", async ({ page }) => {
    await watchFirstPaint(page);
    // a saved theme colour's accessible variants are there before the first paint too (lib/theme.ts)
    await page.addInitScript(() => localStorage.setItem("layout-setting", JSON.stringify({ theme: "#f5222d" })));
    await page.goto("/login");
    expect(await firstPaint(page)).toBe("dark");
    await expect(page.locator("html")).toHaveAttribute("data-first-primary", "#ca1c25 #f85962");
    await expect(page.getByTestId("login-submit")).toHaveCSS("background-color", "rgb(248, 89, 98)");
    expect(await isDark(page)).toBe(true);
    await expect(page.locator("body")).toHaveCSS("background-color", DARK_BACKGROUND);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => isDark(page)).toBe(false);
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => isDark(page)).toBe(true);
  });

  test("the navbar's sun/moon switches to light, which stays after a reload and after signing out and in", async ({ page }) => {
    await watchFirstPaint(page);
    await signIn(page);
    expect(await isDark(page)).toBe(true);
    await expect(page.getByTestId("navbar")).toHaveCSS("background-color", DARK_BACKGROUND);

    await page.getByTestId("color-mode-select").click();
    await page.getByTestId("color-mode-light").click();
    await expect.poll(() => isDark(page)).toBe(false);
    await expect(page.getByTestId("navbar")).toHaveCSS("background-color", "rgb(255, 255, 255)");

    // light from the first paint on: no dark flash in the page the reload brings
    await page.reload();
    expect(await firstPaint(page)).toBe("light");
    expect(await isDark(page)).toBe(false);

    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("menu-logout").click();
    await page.getByTestId("confirm-ok").click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page);
    expect(await firstPaint(page)).toBe("light");
    expect(await isDark(page)).toBe(false);

    // the settings drawer offers the same choice and shows the current one
    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("menu-settings").click();
    const drawer = page.getByTestId("settings-drawer");
    await expect(drawer.getByTestId("settings-color-mode-light")).toHaveAttribute("aria-pressed", "true");
    await drawer.getByTestId("settings-color-mode-dark").click();
    await expect.poll(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    expect(await isDark(page)).toBe(true); // a choice of dark is kept whatever the system says

    // each operator's own: ry never chose, so ry's console follows the (now light) system
    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("menu-logout").click();
    await page.getByTestId("confirm-ok").click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, RY);
    await expect.poll(() => isDark(page)).toBe(false);
    await page.getByTestId("color-mode-select").click();
    await expect(page.getByTestId("color-mode-system")).toHaveAttribute("aria-checked", "true");
  });
});

test.describe("dark screens", () => {
  test.use({ storageState: ADMIN_STATE, colorScheme: "dark" });

  test("the dashboard's charts, a dialog and the rich-text editor have no white background", async ({ page }) => {
    await page.goto("/index");
    await expect(page.getByTestId("dashboard")).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    expect(await whiteBoxes(page, '[data-testid="app-main"]')).toEqual([]);
    // axis labels in the mode's muted colour, not recharts' grey
    await expect(page.locator(".recharts-cartesian-axis-tick-value").first()).toHaveCSS("fill", "rgb(163, 166, 173)");

    await page.goto("/system/notice");
    await page.getByTestId("toolbar-add").click();
    const form = page.getByTestId("notice-form");
    await expect(form.getByTestId("notice-content-content")).toBeVisible();
    expect(await whiteBoxes(page, '[role="dialog"]')).toEqual([]);
    await expect(page.locator('[role="dialog"]').first()).toHaveCSS("background-color", DARK_BACKGROUND);
  });
});

/** The states the sweep over every menu screen (a11y-helpers.ts, axe's colour rules in both schemes) does not
 * reach: a detail page with an order in it, a dialog's editor, the settings drawer and a toast. The lists and the
 * dashboard are the sweep's. */
const SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: "order detail",
    open: async (page) => {
      const orderNo = seedPaidOrder(unique("主题"));
      await page.goto(`/myMenu/orderDetail?orderNo=${orderNo}`);
      await expect(page.getByTestId("order-detail")).toBeVisible();
    },
  },
  {
    name: "notice editor",
    open: async (page) => {
      await page.goto("/system/notice");
      await page.getByTestId("toolbar-add").click();
      await expect(page.getByTestId("notice-form").getByTestId("notice-content-content")).toBeVisible();
    },
  },
  {
    name: "settings drawer",
    open: async (page) => {
      await page.goto("/index");
      await page.getByTestId("avatar-menu").click();
      await page.getByTestId("menu-settings").click();
      await expect(page.getByTestId("settings-drawer")).toBeVisible();
    },
  },
  {
    name: "success toast",
    open: async (page) => {
      await page.goto("/index");
      await page.getByTestId("avatar-menu").click();
      await page.getByTestId("menu-settings").click();
      await page.getByTestId("settings-save").click();
      await expect(page.locator("[data-sonner-toast][data-type='success']")).toBeVisible();
    },
  },
];

for (const scheme of ["light", "dark"] as const) {
  test.describe(`colour contrast in ${scheme} mode`, () => {
    test.use({ storageState: ADMIN_STATE, colorScheme: scheme });

    for (const screen of SCREENS) {
      test(`the ${screen.name} passes axe's color-contrast rule`, async ({ page }) => {
        await screen.open(page);
        expect(await isDark(page)).toBe(scheme === "dark");
        // transitions and the toasts' entry animations settle before the colours are read
        await page.waitForTimeout(400);
        const results = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
        const found = results.violations.flatMap((violation) =>
          violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
        );
        expect(found).toEqual([]);
      });
    }
  });
}
