"use client";

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import {
  type ColorMode,
  COLOR_MODE_KEY,
  colorModeKey,
  parseColorMode,
  resolveColorMode,
  type ResolvedMode,
} from "@/lib/theme";

interface ColorModeValue {
  /** the operator's choice: light, dark or the system's (the default) */
  mode: ColorMode;
  /** what the page shows now */
  resolved: ResolvedMode;
  setMode: (mode: ColorMode) => void;
  /** the signed-in operator: their saved choice replaces the browser's last one, and their choices are kept */
  bindUser: (userId: number | null) => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

const CHANGE_EVENT = "color-mode-change";
const QUERY = "(prefers-color-scheme: dark)";
let boundUser: number | null = null;

function subscribeMode(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

function subscribeSystem(onChange: () => void) {
  const query = window.matchMedia(QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function store(mode: ColorMode) {
  localStorage.setItem(COLOR_MODE_KEY, mode);
  if (boundUser !== null) localStorage.setItem(colorModeKey(boundUser), mode);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The colour mode (spec issue 28 §5): class "dark" on <html>, set before paint by app/layout.tsx. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const mode = parseColorMode(
    useSyncExternalStore(subscribeMode, () => localStorage.getItem(COLOR_MODE_KEY), () => null),
  );
  const systemDark = useSyncExternalStore(subscribeSystem, () => window.matchMedia(QUERY).matches, () => false);
  const resolved = resolveColorMode(mode, systemDark);

  useEffect(() => {
    document.documentElement.classList.toggle("dark", resolved === "dark");
  }, [resolved]);

  const setMode = useCallback((next: ColorMode) => store(next), []);
  const bindUser = useCallback((userId: number | null) => {
    boundUser = userId;
    if (userId === null) return;
    const own = parseColorMode(localStorage.getItem(colorModeKey(userId)));
    if (own !== parseColorMode(localStorage.getItem(COLOR_MODE_KEY))) store(own);
  }, []);

  const value = useMemo(() => ({ mode, resolved, setMode, bindUser }), [mode, resolved, setMode, bindUser]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorMode needs a <ColorModeProvider>");
  return value;
}
