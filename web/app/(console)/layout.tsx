import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { ConsoleProvider } from "@/components/layout/console-context";
import { SettingsProvider } from "@/components/layout/settings-provider";
import { parseSize, SIDEBAR_COOKIE, SIZE_COOKIE } from "@/lib/settings";
import { loadConsoleSession } from "@/lib/session";

/** Every console page: the session screen once per request, the shell around the page. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await loadConsoleSession();
  const store = await cookies();
  return (
    <ConsoleProvider session={session}>
      <SettingsProvider
        initialSidebarOpened={store.get(SIDEBAR_COOKIE)?.value !== "0"}
        initialSize={parseSize(store.get(SIZE_COOKIE)?.value)}
      >
        <AppShell>{children}</AppShell>
      </SettingsProvider>
    </ConsoleProvider>
  );
}
