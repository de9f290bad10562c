import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { ConsoleProvider } from "@/components/layout/console-context";
import { SettingsProvider } from "@/components/layout/settings-provider";
import { FieldPickersProvider } from "@/features/field-pickers";
import { ChatButton } from "@/features/messaging/chat-button";
import { ChatPopup } from "@/features/messaging/chat-popup";
import { MessagingProvider } from "@/features/messaging/messaging-provider";
import { UnreadBadge } from "@/features/messaging/unread-badge";
import { parseSize, SIDEBAR_COOKIE, SIZE_COOKIE } from "@/lib/settings";
import { loadConsoleSession } from "@/lib/session";

/** Every console page: the session screen once per request, the shell around the page, the messaging in its slots. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await loadConsoleSession();
  const store = await cookies();
  return (
    <ConsoleProvider session={session}>
      <SettingsProvider
        initialSidebarOpened={store.get(SIDEBAR_COOKIE)?.value !== "0"}
        initialSize={parseSize(store.get(SIZE_COOKIE)?.value)}
      >
        <MessagingProvider>
          <FieldPickersProvider>
            <AppShell
              navbarActions={
                <>
                  <ChatButton />
                  <UnreadBadge />
                </>
              }
              overlay={<ChatPopup />}
            >
              {children}
            </AppShell>
          </FieldPickersProvider>
        </MessagingProvider>
      </SettingsProvider>
    </ConsoleProvider>
  );
}
