"use client";

import { useTranslations } from "next-intl";
import { FrameStatus } from "@/components/frame-status";
import { InnerLink } from "@/components/inner-link";
import { useTicket } from "@/components/use-ticket";
import { answer, core } from "@/lib/api/core";
import { poolFrameSrc } from "@/lib/monitor-pool";

/**
 * 数据监控 (monitor/druid/index): a one-time ticket from the core, then the core's pool page in a
 * frame sized like an InnerLink, served on this origin by the /pool route.
 */
export function PoolScreen() {
  const t = useTranslations("monitor.pool");
  const { ticket, failed, retry } = useTicket(() => answer(core.POST("/monitor/druid/ticket")));
  const src = ticket && poolFrameSrc(ticket);

  if (failed || !src) {
    return <FrameStatus testId="pool" failed={failed} onRetry={retry} labels={{ opening: t("opening"), failed: t("failed"), retry: t("retry") }} />;
  }
  return (
    <div data-testid="pool-screen">
      <InnerLink src={src} />
    </div>
  );
}
