"use client";

import { LoaderCircleIcon, RotateCcwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { InnerLink } from "@/components/inner-link";
import { Button } from "@/components/ui/button";
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

  if (failed) {
    return (
      <div data-testid="pool-failed" className="flex flex-col items-center gap-3 p-8 text-sm text-muted-foreground">
        {t("failed")}
        <Button size="sm" variant="outline" data-testid="pool-retry" onClick={open}>
          <RotateCcwIcon />
          {t("retry")}
        </Button>
      </div>
    );
  }
  if (!src) {
    return (
      <div data-testid="pool-loading" className="flex items-center justify-center gap-2 p-8 text-sm text-primary">
        <LoaderCircleIcon className="size-5 animate-spin" />
        {t("opening")}
      </div>
    );
  }
  return (
    <div data-testid="pool-screen">
      <InnerLink src={src} />
    </div>
  );
}
