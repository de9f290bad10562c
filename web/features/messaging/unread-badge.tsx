"use client";

import { BellIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { UnreadCount } from "./unread-count";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { MessagePanel } from "@/features/messaging/message-panel";
import { useChatBadge, useMessaging } from "@/features/messaging/messaging-provider";
import { useStore } from "@/features/messaging/store";
import { unreadTotal } from "./chat-rooms";

/**
 * The global unread badge at the top right (spec §2.5): orderMsgNum + sysMsgNum + the chat's unread,
 * capped at '99+', live (socket badges and refreshed counts). The bell opens the message panel.
 */
export function UnreadBadge() {
  const t = useTranslations("navbar");
  const { centre } = useMessaging();
  const counts = useStore(centre.store, (s) => s.counts);
  const open = useStore(centre.store, (s) => s.open);
  const total = unreadTotal(counts, useChatBadge());
  return (
    <Popover open={open} onOpenChange={centre.setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          data-testid="unread-badge"
          data-total={total}
          data-loaded={counts ? "true" : "false"}
          aria-label={t("unread")}
          className="relative flex h-full items-center px-2 text-muted-foreground hover:bg-hover"
        >
          <BellIcon className="size-[18px]" />
          <UnreadCount count={total} className="absolute top-2 right-0" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-auto p-0">
        <MessagePanel centre={centre} />
      </PopoverContent>
    </Popover>
  );
}
