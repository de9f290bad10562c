"use client";

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import {
  DEFAULT_SETTINGS,
  LAYOUT_SETTING_KEY,
  type LayoutSettings,
  parseSettings,
  SIDEBAR_COOKIE,
  SIZE_COOKIE,
  type Size,
} from "@/lib/settings";
import { applyPrimary } from "@/lib/theme";

const MOBILE_WIDTH = 992;
const YEAR = 60 * 60 * 24 * 365;

function setCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; path=/; max-age=${YEAR}; samesite=lax`;
}

interface LayoutValue {
  settings: LayoutSettings;
  /** changes apply at once; save() keeps them in local storage */
  update: (patch: Partial<LayoutSettings>) => void;
  save: () => void;
  /** forgets the saved settings and reloads after 1 s */
  reset: () => void;
  sidebarOpened: boolean;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  size: Size;
  setSize: (size: Size) => void;
  mobile: boolean;
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
}

const LayoutContext = createContext<LayoutValue | null>(null);

const readSaved = () => localStorage.getItem(LAYOUT_SETTING_KEY);
/** The saved settings are read once per render; this page writes them itself (save, reset). */
const ignoreChanges = () => () => undefined;

/** UI settings of spec §3: the drawer's settings, the sidebar state and the size, kept in the browser. */
export function SettingsProvider({
  initialSidebarOpened,
  initialSize,
  children,
}: {
  initialSidebarOpened: boolean;
  initialSize: Size;
  children: ReactNode;
}) {
  // the saved settings (none on the server) until the drawer changes them
  const saved = useSyncExternalStore(ignoreChanges, readSaved, () => null);
  const [edited, setEdited] = useState<LayoutSettings | null>(null);
  const settings = useMemo(() => edited ?? (saved === null ? DEFAULT_SETTINGS : parseSettings(saved)), [edited, saved]);
  const [sidebarOpened, setSidebarOpened] = useState(initialSidebarOpened);
  const [size, setSizeState] = useState<Size>(initialSize);
  const [mobile, setMobile] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    const root = document.documentElement;
    applyPrimary(root, settings.theme);
    root.dataset.sideTheme = settings.sideTheme;
  }, [settings.theme, settings.sideTheme]);

  useEffect(() => {
    const check = () => {
      const isMobile = document.body.getBoundingClientRect().width - 1 < MOBILE_WIDTH;
      setMobile(isMobile);
      if (isMobile) setSidebarOpened(false);
    };
    check();
    window.addEventListener("resize", check);
    return () => window.removeEventListener("resize", check);
  }, []);

  const toggleSidebar = useCallback(() => {
    const next = !sidebarOpened;
    setSidebarOpened(next);
    if (!mobile) setCookie(SIDEBAR_COOKIE, next ? "1" : "0");
  }, [mobile, sidebarOpened]);

  const setSize = useCallback((next: Size) => {
    setSizeState(next);
    document.documentElement.dataset.size = next;
    setCookie(SIZE_COOKIE, next);
  }, []);

  const value = useMemo<LayoutValue>(
    () => ({
      settings,
      update: (patch) => setEdited({ ...settings, ...patch }),
      save: () => localStorage.setItem(LAYOUT_SETTING_KEY, JSON.stringify(settings)),
      reset: () => {
        localStorage.removeItem(LAYOUT_SETTING_KEY);
        window.setTimeout(() => window.location.reload(), 1000);
      },
      sidebarOpened,
      toggleSidebar,
      closeSidebar: () => setSidebarOpened(false),
      size,
      setSize,
      mobile,
      settingsOpen,
      setSettingsOpen,
    }),
    [settings, sidebarOpened, toggleSidebar, size, setSize, mobile, settingsOpen],
  );

  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): LayoutValue {
  const value = useContext(LayoutContext);
  if (!value) throw new Error("useLayout needs a <SettingsProvider>");
  return value;
}
