export const THEME_PRESETS = [
  "#409EFF",
  "#1890ff",
  "#304156",
  "#212121",
  "#11a983",
  "#13c2c2",
  "#6959CD",
  "#f5222d",
] as const;

export type SideTheme = "dark" | "light";

export interface LayoutSettings {
  theme: string;
  sideTheme: SideTheme;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

export const LAYOUT_SETTING_KEY = "layout-setting";
export const SIDEBAR_COOKIE = "sidebarStatus";
export const SIZE_COOKIE = "size";
export const LOCALE_COOKIE = "NEXT_LOCALE";

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: "#409EFF",
  sideTheme: "dark",
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  // the spec's '<page title> - <product>管理系统' is the window title unless the operator turns it off
  dynamicTitle: true,
};

export const SIZES = ["default", "medium", "small", "mini"] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = "medium";

export function parseSize(value: string | undefined): Size {
  return SIZES.find((size) => size === value) ?? DEFAULT_SIZE;
}

const BOOLEAN_KEYS = ["topNav", "tagsView", "fixedHeader", "sidebarLogo", "dynamicTitle"] as const;

/** Reads the saved 'layout-setting' JSON; anything missing or malformed falls back to the default. */
export function parseSettings(raw: string | null | undefined): LayoutSettings {
  let saved: Record<string, unknown> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (value && typeof value === "object") saved = value as Record<string, unknown>;
  } catch {
    saved = {};
  }
  const settings: LayoutSettings = { ...DEFAULT_SETTINGS };
  if (typeof saved.theme === "string" && /^#[0-9a-fA-F]{6}$/.test(saved.theme)) settings.theme = saved.theme;
  if (saved.sideTheme === "dark" || saved.sideTheme === "light") settings.sideTheme = saved.sideTheme;
  for (const key of BOOLEAN_KEYS) {
    if (typeof saved[key] === "boolean") settings[key] = saved[key];
  }
  return settings;
}

/**
 * With dynamic titles on (the default): '<page title> - <product>管理系统', or the product name alone on a
 * page without a title (spec §1). Off: the fixed '<product>管理系统' on every page, as RuoYi shows its
 * VUE_APP_TITLE then.
 */
export function windowTitle(options: {
  dynamicTitle: boolean;
  pageTitle?: string;
  productName: string;
  systemName: string;
}): string {
  if (!options.dynamicTitle) return options.systemName;
  return options.pageTitle ? `${options.pageTitle} - ${options.systemName}` : options.productName;
}
