"use client";

import { ClipboardListIcon, MessageCircleMoreIcon, ShoppingCartIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { answer, bff } from "@/lib/api/core";
import type { DashboardData } from "@/lib/api/types";
import { useMessaging } from "@/features/messaging/messaging-provider";
import { FigureCard } from "./figure-card";
import { LiveRefresh } from "./live-refresh";

type Live = DashboardData["live"];

const CARDS = [
  { key: "ordersToday", icon: ShoppingCartIcon },
  { key: "afterSalesOpen", icon: ClipboardListIcon },
  { key: "chatsWaiting", icon: MessageCircleMoreIcon },
] as const;

/**
 * The home figures that move while the page is open (issue 28 §3): today's orders, the open after-sales and the
 * chats waiting. The chat socket says when they changed; the page reads its screen again (debounced, see
 * live-refresh.ts) and shows the new figures without a reload.
 */
export function LiveFigures({ initial }: { initial: Live }) {
  const t = useTranslations("dashboard.live");
  const { notices } = useMessaging();
  const [live, setLive] = useState(initial);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let mounted = true;
    const refresh = new LiveRefresh(async () => {
      const out = await answer(bff.GET("/bff/screens/dashboard"));
      if (!mounted) return;
      setLive(out.data.live);
      setReads((n) => n + 1);
    });
    const stop = notices.subscribe(() => refresh.notify());
    return () => {
      mounted = false;
      stop();
      refresh.stop();
    };
  }, [notices]);

  return (
    <div data-testid="live-figures" data-reads={reads} className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-live="polite">
      {CARDS.map(({ key, icon: Icon }) => (
        <FigureCard key={key} data-testid={`live-${key}`} icon={Icon} label={t(key)} value={live[key]} valueTestId="live-value" />
      ))}
    </div>
  );
}
