"use client";

import { BellIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { badgeText } from "@/lib/badge";

/** The global unread badge at the top right (the message centre will feed it). */
export function UnreadBadge({ count }: { count: number }) {
  const t = useTranslations("navbar");
  const text = badgeText(count);
  return (
    <span data-testid="unread-badge" className="relative flex h-full items-center px-2 text-muted-foreground">
      <BellIcon className="size-[18px]" aria-label={t("unread")} />
      {text && (
        <span
          data-testid="unread-count"
          className="absolute top-2 right-0 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 text-white"
        >
          {text}
        </span>
      )}
    </span>
  );
}
