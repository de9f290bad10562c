import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { THEME_PRESETS } from "./settings";
import {
  accessiblePrimary,
  colorModeKey,
  contrastRatio,
  DARK_SIDEBAR,
  DARK_SURFACE,
  parseColorMode,
  resolveColorMode,
} from "./theme";

describe("colour mode", () => {
  it("reads the saved choice and falls back to following the system", () => {
    expect(parseColorMode("dark")).toBe("dark");
    expect(parseColorMode("light")).toBe("light");
    expect(parseColorMode("system")).toBe("system");
    expect(parseColorMode(null)).toBe("system");
    expect(parseColorMode("purple")).toBe("system");
  });

  it("follows the system only when asked to", () => {
    expect(resolveColorMode("system", true)).toBe("dark");
    expect(resolveColorMode("system", false)).toBe("light");
    expect(resolveColorMode("light", true)).toBe("light");
    expect(resolveColorMode("dark", false)).toBe("dark");
  });

  it("keeps each operator's choice under their own key", () => {
    expect(colorModeKey(7)).toBe("color-mode:7");
  });
});

describe("contrastRatio", () => {
  it("gives WCAG's ratios", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#409eff", "#ffffff")).toBeCloseTo(2.78, 2);
    expect(contrastRatio("#ffffff", "#409eff")).toBeCloseTo(2.78, 2);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });
});

/** The colour a `bg-x/10` tint shows over a surface. */
function tint(surface: string, color: string, amount = 0.1): string {
  const c = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [s, k] = [c(surface), c(color)];
  return "#" + s.map((x, i) => Math.round(x + (k[i] - x) * amount).toString(16).padStart(2, "0")).join("");
}

describe("accessiblePrimary", () => {
  it.each(THEME_PRESETS.map((preset) => [preset]))("makes %s readable in both modes", (preset) => {
    const { light, dark, sidebar } = accessiblePrimary(preset);
    // light: white text on the fill, the colour as text on white and on its tint
    expect(contrastRatio(light, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light, tint("#ffffff", light))).toBeGreaterThanOrEqual(4.5);
    // dark: the colour as text on the dark card and its tint, dark text on the fill
    expect(contrastRatio(dark, DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark, tint(DARK_SURFACE, dark))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark, "#141414")).toBeGreaterThanOrEqual(4.5);
    // the active menu item on the dark sidebar
    expect(contrastRatio(sidebar, DARK_SIDEBAR)).toBeGreaterThanOrEqual(4.5);
  });

  it("darkens RuoYi's #409EFF only as far as needed and keeps a colour that already passes", () => {
    expect(accessiblePrimary("#409EFF")).toEqual({ light: "#2b6bac", dark: "#409eff", sidebar: "#8cc5ff" });
    expect(accessiblePrimary("#212121").light).toBe("#212121");
  });

  it("falls back to the default colour for anything that is not #rrggbb", () => {
    expect(accessiblePrimary("red")).toEqual(accessiblePrimary("#409eff"));
  });

  it("runs on its own, as the pre-paint script inlines it", () => {
    const inlined = new Function(`return (${accessiblePrimary.toString()})("#13c2c2")`) as () => unknown;
    expect(inlined()).toEqual(accessiblePrimary("#13c2c2"));
  });
});

/** The tokens of one block of globals.css: `--name: #hex`. */
function tokens(block: string): Record<string, string> {
  const css = readFileSync(join(__dirname, "../app/globals.css"), "utf8");
  const start = css.indexOf(block);
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  const entries = [...body.matchAll(/--([\w-]+):\s*(?:var\(--[\w-]+,\s*)?(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2].toLowerCase()]);
  return Object.fromEntries(entries);
}

describe("globals.css colour tokens", () => {
  const light = tokens(":root {");
  const dark = { ...light, ...tokens(":root.dark,") };
  const lightSidebar = { ...light, ...tokens(':root[data-side-theme="light"] {') };

  it.each([
    ["light", light],
    ["dark", dark],
  ])("reach 4.5:1 for every text on its background in %s mode", (_mode, t) => {
    const pairs: [string, string][] = [
      ["foreground", "background"],
      ["card-foreground", "card"],
      ["popover-foreground", "popover"],
      ["foreground", "page"],
      ["secondary-foreground", "secondary"],
      ["accent-foreground", "accent"],
      ["muted-foreground", "background"],
      ["muted-foreground", "card"],
      ["muted-foreground", "muted"],
      ["info", "muted"],
      ["primary-foreground", "primary"],
      ["primary", "background"],
      ["destructive-foreground", "destructive"],
      ["sidebar-foreground", "sidebar"],
      ["sidebar-foreground", "sidebar-sub"],
      ["sidebar-foreground", "sidebar-hover"],
      ["sidebar-title", "sidebar"],
      ["sidebar-active", "sidebar"],
      ["sidebar-active", "sidebar-sub"],
    ];
    for (const [text, bg] of pairs) {
      expect({ text, bg, ratio: contrastRatio(t[text], t[bg]) >= 4.5 }).toEqual({ text, bg, ratio: true });
    }
    // status colours as text on the card and on their own tinted tags
    for (const status of ["success", "warning", "destructive", "primary"]) {
      expect({ status, ratio: contrastRatio(t[status], t.card) >= 4.5 }).toEqual({ status, ratio: true });
      const tag = contrastRatio(t[status], tint(t.card, t[status]));
      expect({ status, tag: tag >= 4.5 }).toEqual({ status, tag: true });
    }
  });

  it("keeps the light sidebar readable", () => {
    expect(contrastRatio(lightSidebar["sidebar-foreground"], lightSidebar.sidebar)).toBeGreaterThanOrEqual(4.5);
  });
});
