/**
 * Colour mode (light, dark, follow the system) and the accessible variants of the operator's theme colour.
 * Both run in the pre-paint script of app/layout.tsx as well as in React, so the page is painted in its
 * final colours.
 */

export const COLOR_MODES = ["system", "light", "dark"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export type ResolvedMode = "light" | "dark";
export const DEFAULT_COLOR_MODE: ColorMode = "system";

/** The browser's last choice (applied before paint); `${COLOR_MODE_KEY}:<user id>` keeps each operator's. */
export const COLOR_MODE_KEY = "color-mode";

export function colorModeKey(userId: number | string): string {
  return `${COLOR_MODE_KEY}:${userId}`;
}

export function parseColorMode(raw: string | null | undefined): ColorMode {
  return COLOR_MODES.find((mode) => mode === raw) ?? DEFAULT_COLOR_MODE;
}

export function resolveColorMode(mode: ColorMode, systemDark: boolean): ResolvedMode {
  if (mode === "system") return systemDark ? "dark" : "light";
  return mode;
}

/** The dark surfaces the theme colour is read on (globals.css: dark --card, and the dark sidebar). */
export const DARK_SURFACE = "#1d1e1f";
export const DARK_SIDEBAR = "#304156";

/** WCAG 2.1 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const c = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/**
 * The theme colour as the console uses it, with contrast ≥ 4.5:1 (WCAG AA text) wherever it appears:
 * `light`: darkened until white text on it and it as text on white (and on its own 10 % tint) reach 4.5:1;
 * `dark`: lightened until it reads on the dark surface (and its tint there) and the dark surface colour,
 * used as text on it, reads too; `sidebar`: the active menu item's text on the dark sidebar. A colour that
 * already passes is kept as it is.
 *
 * Self-contained (no outer names): app/layout.tsx inlines its source in the pre-paint script.
 */
export function accessiblePrimary(hex: string): { light: string; dark: string; sidebar: string } {
  const rgb = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const lum = (c: number[]) => {
    const l = c.map((x) => {
      const v = x / 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  };
  const ratio = (a: number[], b: number[]) => {
    const x = lum(a);
    const y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const mix = (a: number[], b: number[], t: number) => a.map((x, i) => Math.round(x + (b[i] - x) * t));
  const hexOf = (c: number[]) => "#" + c.map((x) => (x < 16 ? "0" : "") + x.toString(16)).join("");
  const base = /^#[0-9a-fA-F]{6}$/.test(hex) ? rgb(hex) : [64, 158, 255];
  const white = [255, 255, 255];
  const surface = [29, 30, 31];
  const find = (towards: number[], bg: number[]) => {
    for (let step = 0; step <= 40; step++) {
      const c = mix(base, towards, step / 40);
      if (ratio(c, bg) >= 4.6 && ratio(c, mix(bg, c, 0.1)) >= 4.6) return hexOf(c);
    }
    return hexOf(towards);
  };
  return { light: find([0, 0, 0], white), dark: find(white, surface), sidebar: find(white, [48, 65, 86]) };
}

/** Sets the theme colour's variants on <html>; globals.css picks the one of the current mode. */
export function applyPrimary(root: HTMLElement, hex: string): void {
  const variants = accessiblePrimary(hex);
  root.style.setProperty("--primary-light", variants.light);
  root.style.setProperty("--primary-dark", variants.dark);
  root.style.setProperty("--primary-sidebar", variants.sidebar);
}
