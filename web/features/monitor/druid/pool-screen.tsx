"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { FrameStatus } from "@/components/frame-status";
import { InnerLink } from "@/components/inner-link";
import { poolFrameSrc } from "@/lib/monitor-pool";
import { request, RequestError } from "@/lib/request";
import type { PoolTicket } from "../types";

/**
 * 数据监控 (monitor/druid/index): a one-time ticket from the core, then the core's pool page in a
 * frame sized like an InnerLink, served on this origin by the /pool route.
 */
export function PoolScreen() {
  const t = useTranslations("monitor.pool");
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const open = useCallback(async () => {
    setFailed(false);
    setSrc(null);
    try {
      const { data } = await request<PoolTicket>("api/monitor/druid/ticket", { method: "POST" });
      if (data?.ticket) setSrc(poolFrameSrc(data.ticket));
      else setFailed(true);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void open();
  }, [open]);

  if (failed || !src) {
    return <FrameStatus testId="pool" failed={failed} onRetry={open} labels={{ opening: t("opening"), failed: t("failed"), retry: t("retry") }} />;
  }
  return (
    <div data-testid="pool-screen">
      <InnerLink src={src} />
    </div>
  );
}
