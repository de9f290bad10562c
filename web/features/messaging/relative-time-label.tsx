"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { relativeParts } from "./relative-time";

/** The current time, moving on every minute (relative times stay right while the pane is open). */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** '3分钟前', '刚刚' …; a future time shows nothing. */
export function RelativeTimeLabel({ time, now, className }: { time: string | null | undefined; now: number; className?: string }) {
  const t = useTranslations("chat.relative");
  const parts = relativeParts(time, now);
  if (!parts) return null;
  return (
    <time dateTime={time ?? undefined} title={time ?? undefined} className={className} data-testid="chat-relative-time">
      {t(parts.unit, { count: parts.count })}
    </time>
  );
}
