"use client";

import { useTranslations } from "next-intl";
import { Dialog as DialogPrimitive } from "radix-ui";
import { FULL_SCREEN_BELOW_DESK } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { ChatPane } from "./chat-pane";
import { ChatSidebar } from "./chat-sidebar";
import { useMessaging } from "./messaging-provider";
import { useStore } from "./store";

/**
 * The customer-service chat popup of spec §2.7 (800 × 800, sidebar 320 px; below 992 px a full-screen sheet
 * showing the rooms or the open room): shown only with a chat
 * token, opened and closed by the global show flag (the header's chat button, or another screen's
 * openWith). Clicks outside do not close it: a conversation is not lost to a stray click.
 */
export function ChatPopup() {
  const { chat } = useMessaging();
  if (!chat) return null;
  return <ChatDialog chat={chat} />;
}

function ChatDialog({ chat }: { chat: NonNullable<ReturnType<typeof useMessaging>["chat"]> }) {
  const t = useTranslations("chat");
  const show = useStore(chat.store, (s) => s.show);
  // below 992 px the sheet shows the room list or the open room, one at a time
  const activeRoom = useStore(chat.store, (s) => s.activeRoom);
  return (
    <DialogPrimitive.Root open={show} onOpenChange={(open) => (open ? chat.open() : chat.close())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[500] bg-overlay" />
        <DialogPrimitive.Content
          data-testid="chat-popup"
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => event.preventDefault()}
          data-room-open={activeRoom ? "true" : undefined}
          className={cn(
            "group/chat fixed top-1/2 left-1/2 z-[500] flex h-[800px] max-h-[calc(100vh-16px)] w-[800px] max-w-[calc(100vw-16px)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-lg border bg-background shadow-xl outline-none",
            FULL_SCREEN_BELOW_DESK,
            "max-desk:overflow-hidden!",
          )}
        >
          <DialogPrimitive.Title className="sr-only">{t("open")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("open")}</DialogPrimitive.Description>
          <ChatSidebar chat={chat} />
          <ChatPane chat={chat} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
