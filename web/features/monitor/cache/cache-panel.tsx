"use client";

import { GaugeIcon, PieChartIcon, RefreshCwIcon, ServerIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { commandSlices, memoryGauge } from "../shared/monitor-format";
import { cn } from "@/lib/utils";
import type { CacheFigures } from "@/lib/api/types";

// The chart library is fetched with this screen, not with every menu page (the pie and gauge draw in the browser).
const CommandPie = dynamic(() => import("./cache-charts").then((m) => m.CommandPie), { ssr: false });
const MemoryGauge = dynamic(() => import("./cache-charts").then((m) => m.MemoryGauge), { ssr: false });

/** RuoYi's cache page: the figures, the command statistics pie and the memory gauge. */
export function CachePanel({ data }: { data: CacheFigures }) {
  const t = useTranslations("monitor.cache");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const info = data.info;
  const inProcess = info.redis_mode === "in-process";
  const yesNo = (value: unknown) => (String(value) === "0" ? t("no") : t("yes"));
  const slices = commandSlices(data.commandStats, t("other"));
  const gauge = memoryGauge(info.used_memory_human, info.maxmemory_human);
  const items: [string, ReactNode, string?][] = [
    [t("version"), info.redis_version ?? "-"],
    [t("mode"), inProcess ? t("inProcess") : info.redis_mode === "standalone" ? t("standalone") : t("cluster"), "cache-mode"],
    [t("port"), String(info.tcp_port ?? "-")],
    [t("clients"), String(info.connected_clients ?? "-")],
    [t("uptime"), String(info.uptime_in_days ?? "-")],
    [t("usedMemory"), info.used_memory_human ?? "-", "cache-used-memory"],
    [t("usedCpu"), String(info.used_cpu_user_children ?? "-")],
    [t("maxMemory"), info.maxmemory_human ?? "-"],
    [t("aof"), yesNo(info.aof_enabled)],
    [t("rdb"), String(info.rdb_last_bgsave_status ?? "-")],
    [t("dbSize"), <span key="db" data-testid="cache-db-size">{data.dbSize}</span>],
    [t("network"), `${info.instantaneous_input_kbps ?? 0}kps / ${info.instantaneous_output_kbps ?? 0}kps`],
  ];

  return (
    <div data-testid="cache-screen" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel icon={<ServerIcon />} title={t("basicInfo")} testId="cache-info" wide
        action={
          <Button size="sm" variant="outline" data-testid="cache-refresh" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
            <RefreshCwIcon className={cn(pending && "animate-spin")} />
            {t("refresh")}
          </Button>
        }
      >
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-4">
          {items.map(([label, value, testId]) => (
            <div key={label} className="flex min-w-0 gap-2">
              <dt className="shrink-0 text-muted-foreground">{label}</dt>
              <dd data-testid={testId} className="min-w-0 break-all">
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {inProcess && (
          <p data-testid="cache-process" className="mt-3 text-xs text-muted-foreground">
            {t("inProcessNote")}{" "}
            {Object.entries(info.processCaches ?? {})
              .map(([name, count]) => `${name} ${count}`)
              .join(" · ")}
          </p>
        )}
      </Panel>
      <Panel icon={<PieChartIcon />} title={t("commandStats")} testId="cache-commands">
        <CommandPie slices={slices} empty={t("noCommands")} />
      </Panel>
      <Panel icon={<GaugeIcon />} title={t("memoryInfo")} testId="cache-memory">
        <MemoryGauge gauge={gauge} name={t("memoryUsed")} empty={t("noMemory")} />
      </Panel>
    </div>
  );
}

function Panel({ icon, title, testId, wide, action, children }: { icon: ReactNode; title: string; testId: string; wide?: boolean; action?: ReactNode; children: ReactNode }) {
  return (
    <Card data-testid={testId} className={cn("gap-3 py-4", wide && "lg:col-span-2")}>
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="flex items-center gap-2 text-base [&_svg]:size-4">
          {icon}
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}
