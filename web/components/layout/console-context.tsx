"use client";

import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { SessionData } from "@/lib/api/types";
import { flattenRoutes, type RouteEntry } from "@/lib/routes";

export interface ConsoleValue extends SessionData {
  /** every page the menu grants, with full paths */
  entries: RouteEntry[];
}

const ConsoleContext = createContext<ConsoleValue | null>(null);

/** The session screen (user, roles, permissions, routers, dictionaries) for client components. */
export function ConsoleProvider({ session, children }: { session: SessionData; children: ReactNode }) {
  const value = useMemo(() => ({ ...session, entries: flattenRoutes(session.routers) }), [session]);
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error("useConsole needs the (console) layout");
  return value;
}
