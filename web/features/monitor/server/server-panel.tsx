"use client";

import { CpuIcon, HardDriveIcon, MemoryStickIcon, MonitorIcon, RefreshCwIcon, TerminalSquareIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { answer, bff } from "@/lib/api/core";
import { formatAmount, formatPercent, isHighUsage } from "../shared/monitor-format";
import { cn } from "@/lib/utils";
import { usePolling } from "../shared/use-polling";
import type { ServerFigures } from "@/lib/api/types";

export const SERVER_REFRESH_MS = 5000;

/** CPU, memory, the Python runtime, the host and its disks; refreshed every 5 s. */
const readServer = () => answer(bff.GET("/bff/screens/monitor/server"));

export function ServerPanel({ initial }: { initial: ServerFigures }) {
  const t = useTranslations("monitor.server");
  const { data, updatedAt, paused, loading, resume } = usePolling(readServer, initial, SERVER_REFRESH_MS);
  const { cpu, mem, py, sys, sysFiles } = data;
  const high = (value: number) => (isHighUsage(value) ? "text-destructive" : undefined);

  return (
    <div data-testid="server-screen" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="flex flex-wrap items-center justify-end gap-3 text-xs text-muted-foreground lg:col-span-2">
        <span data-testid="server-updated" data-paused={paused || undefined}>
          {paused ? t("paused") : t("updatedAt", { time: updatedAt.toLocaleTimeString("zh-CN", { hour12: false }) })}
        </span>
        <Button size="sm" variant="outline" data-testid="server-refresh" disabled={loading} onClick={resume}>
          <RefreshCwIcon className={cn(loading && "animate-spin")} />
          {t("refresh")}
        </Button>
      </div>

      <Panel icon={<CpuIcon />} title={t("cpu")} testId="server-cpu">
        <Figures
          head={[t("attribute"), t("value")]}
          rows={[
            [t("cpuNum"), <span key="n" data-testid="server-cpu-num">{cpu.cpuNum}</span>],
            [t("cpuUser"), formatPercent(cpu.used)],
            [t("cpuSys"), formatPercent(cpu.sys)],
            [t("cpuWait"), formatPercent(cpu.wait)],
            [t("cpuFree"), formatPercent(cpu.free)],
          ]}
        />
      </Panel>

      <Panel icon={<MemoryStickIcon />} title={t("memory")} testId="server-mem">
        <Figures
          head={[t("attribute"), t("memory"), t("python")]}
          rows={[
            [t("memTotal"), <span key="t" data-testid="server-mem-total">{formatAmount(mem.total, "GB")}</span>, formatAmount(py.total, "MB")],
            [t("memUsed"), formatAmount(mem.used, "GB"), formatAmount(py.used, "MB")],
            [t("memFree"), formatAmount(mem.free, "GB"), formatAmount(py.free, "MB")],
            [
              t("memUsage"),
              <span key="m" className={high(mem.usage)}>{formatPercent(mem.usage)}</span>,
              <span key="p" className={high(py.usage)}>{formatPercent(py.usage)}</span>,
            ],
          ]}
        />
      </Panel>

      <Panel icon={<MonitorIcon />} title={t("host")} testId="server-host" wide>
        <Pairs
          items={[
            [t("computerName"), sys.computerName],
            [t("osName"), sys.osName],
            [t("computerIp"), sys.computerIp],
            [t("osArch"), sys.osArch],
          ]}
        />
      </Panel>

      <Panel icon={<TerminalSquareIcon />} title={t("runtime")} testId="server-runtime" wide>
        <Pairs
          items={[
            [t("runtimeName"), py.name],
            [t("runtimeVersion"), py.version],
            [t("startTime"), py.startTime ?? "-"],
            [t("runTime"), py.runTime],
            [t("pid"), py.pid ?? "-"],
            [t("processMemory"), formatAmount(py.used, "MB")],
            [t("home"), py.home],
            [t("userDir"), sys.userDir],
          ]}
        />
        <div className="mt-2 flex gap-2 text-sm">
          <span className="shrink-0 text-muted-foreground">{t("inputArgs")}</span>
          <code data-testid="server-args" className="break-all text-xs">
            {py.inputArgs}
          </code>
        </div>
      </Panel>

      <Panel icon={<HardDriveIcon />} title={t("disks")} testId="server-disks" wide>
        <Table data-testid="server-disk-table">
          <TableHeader>
            <TableRow>
              {["dirName", "sysTypeName", "typeName", "diskTotal", "diskFree", "diskUsed", "diskUsage"].map((key) => (
                <TableHead key={key}>{t(key)}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sysFiles.map((disk) => (
              <TableRow key={`${disk.dirName}-${disk.typeName}`} data-testid="server-disk">
                <TableCell>{disk.dirName}</TableCell>
                <TableCell>{disk.sysTypeName}</TableCell>
                <TableCell>{disk.typeName}</TableCell>
                <TableCell>{disk.total}</TableCell>
                <TableCell>{disk.free}</TableCell>
                <TableCell>{disk.used}</TableCell>
                <TableCell className={high(disk.usage)}>{formatPercent(disk.usage)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Panel>
    </div>
  );
}

function Panel({ icon, title, testId, wide, children }: { icon: ReactNode; title: string; testId: string; wide?: boolean; children: ReactNode }) {
  return (
    <Card data-testid={testId} className={cn("gap-3 py-4", wide && "lg:col-span-2")}>
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2 text-base [&_svg]:size-4">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}

function Figures({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {head.map((title) => (
            <TableHead key={title}>{title}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((cells, index) => (
          <TableRow key={index}>
            {cells.map((cell, column) => (
              <TableCell key={column}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Pairs({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex min-w-0 gap-2">
          <dt className="shrink-0 text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
