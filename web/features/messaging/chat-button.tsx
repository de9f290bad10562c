"use client";

import { HeadsetIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMessaging } from "./messaging-provider";
import { useStore } from "./store";

/** The header's chat button (only with a chat token and chat:desk:list): toggles the popup; a dot for unseen messages. */
export function ChatButton() {
  const { chat } = useMessaging();
  if (!chat) return null;
  return <ChatToggle chat={chat} />;
}

function ChatToggle({ chat }: { chat: NonNullable<ReturnType<typeof useMessaging>["chat"]> }) {
  const t = useTranslations("chat");
  const flag = useStore(chat.store, (s) => s.unreadFlag);
  const connected = useStore(chat.store, (s) => s.connected);
  const badgeKnown = useStore(chat.store, (s) => s.badgeKnown);
  return (
    <button
      type="button"
      data-testid="chat-open"
      data-connected={connected ? "true" : "false"}
      data-badge-known={badgeKnown ? "true" : "false"}
      aria-label={t("open")}
      title={t("open")}
      onClick={chat.toggle}
      className="relative flex h-full items-center px-2 text-muted-foreground hover:bg-hover"
    >
      <HeadsetIcon className="size-[18px]" />
      {flag && <span data-testid="chat-unread-flag" className="absolute top-3 right-1.5 size-2 rounded-full bg-destructive" />}
    </button>
  );
}
