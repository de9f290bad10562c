"use client";

import { BrushCleaningIcon, KeyRoundIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { answer, bff, core, done } from "@/lib/api/core";
import { RequestError } from "@/lib/request";
import { cn } from "@/lib/utils";
import type { CacheNameRow, CacheValue } from "@/lib/api/types";

/** The data of a read, or null when refused (the request layer told the user). */
async function dataOrNull<T>(pending: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await pending).data;
  } catch (error) {
    if (error instanceof RequestError) return null;
    throw error;
  }
}

/** 缓存列表: 缓存列表 → 键名列表 → 缓存内容, with clearing one key, one name or everything. */
export function CacheList({ initialNames }: { initialNames: CacheNameRow[] }) {
  const t = useTranslations("monitor.cacheList");
  const confirm = useConfirm();
  const [names, setNames] = useState(initialNames);
  const [name, setName] = useState<string | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [value, setValue] = useState<CacheValue | null>(null);
  const [busy, setBusy] = useState<"names" | "keys" | null>(null);

  const loadNames = async () => {
    setBusy("names");
    const next = await dataOrNull(answer(bff.GET("/bff/screens/monitor/cacheList")));
    setBusy(null);
    if (next) setNames(next);
  };
  const loadKeys = async (cacheName: string) => {
    setName(cacheName);
    setBusy("keys");
    const next = await dataOrNull(answer(core.GET("/monitor/cache/getKeys/{cacheName}", { params: { path: { cacheName } } })));
    setBusy(null);
    setKeys(next ?? []);
    setValue(null);
  };
  const loadValue = async (cacheKey: string) => {
    if (!name) return;
    setValue(await dataOrNull(answer(core.GET("/monitor/cache/getValue/{cacheName}/{cacheKey}", { params: { path: { cacheName: name, cacheKey } } }))));
  };
  const clearName = async (cacheName: string) => {
    if (!(await done(core.DELETE("/monitor/cache/clearCacheName/{cacheName}", { params: { path: { cacheName } } })))) return;
    toast.success(t("nameCleared", { name: cacheName }));
    if (cacheName === name) await loadKeys(cacheName);
  };
  const clearKey = async (cacheKey: string) => {
    if (!(await done(core.DELETE("/monitor/cache/clearCacheKey/{cacheKey}", { params: { path: { cacheKey } } })))) return;
    toast.success(t("keyCleared", { key: cacheKey }));
    if (name) await loadKeys(name);
  };
  const clearAll = async () => {
    if (!(await confirm({ message: t("clearAllConfirm") }))) return;
    if (!(await done(core.DELETE("/monitor/cache/clearCacheAll")))) return;
    toast.success(t("allCleared"));
    setValue(null);
    if (name) await loadKeys(name);
  };

  return (
    <div data-testid="cache-list-screen" className="grid grid-cols-1 gap-4 xl:grid-cols-3">
      <Panel
        title={t("names")}
        testId="cache-names"
        action={
          <IconAction label={t("refresh")} testId="cache-names-refresh" spinning={busy === "names"} onClick={loadNames}>
            <RefreshCwIcon />
          </IconAction>
        }
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-12">{t("index")}</TableHead>
              <TableHead>{t("cacheName")}</TableHead>
              <TableHead>{t("remark")}</TableHead>
              <TableHead className="w-14">{t("operations")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {names.map((row, index) => (
              <TableRow
                key={row.cacheName}
                data-testid="cache-name"
                data-name={row.cacheName}
                data-state={row.cacheName === name ? "selected" : undefined}
                className="cursor-pointer"
                onClick={() => loadKeys(row.cacheName)}
              >
                <TableCell>{index + 1}</TableCell>
                <TableCell className="font-mono text-xs">{row.cacheName}</TableCell>
                <TableCell>{row.remark}</TableCell>
                <TableCell>
                  <IconAction label={t("clearName")} testId="cache-name-clear" onClick={() => clearName(row.cacheName)}>
                    <Trash2Icon />
                  </IconAction>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Panel>

      <Panel
        title={t("keys")}
        testId="cache-keys"
        action={
          <IconAction label={t("refresh")} testId="cache-keys-refresh" spinning={busy === "keys"} disabled={!name} onClick={() => name && loadKeys(name)}>
            <RefreshCwIcon />
          </IconAction>
        }
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-12">{t("index")}</TableHead>
              <TableHead>{t("cacheKey")}</TableHead>
              <TableHead className="w-14">{t("operations")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} data-testid="cache-keys-empty" className="h-16 text-center text-muted-foreground">
                  {name ? t("noKeys") : t("pickName")}
                </TableCell>
              </TableRow>
            ) : (
              keys.map((key, index) => (
                <TableRow
                  key={key}
                  data-testid="cache-key"
                  data-key={key}
                  data-state={key === value?.cacheKey ? "selected" : undefined}
                  className="cursor-pointer"
                  onClick={() => loadValue(key)}
                >
                  <TableCell>{index + 1}</TableCell>
                  <TableCell className="font-mono text-xs break-all">{key}</TableCell>
                  <TableCell>
                    <IconAction label={t("clearKey")} testId="cache-key-clear" onClick={() => clearKey(key)}>
                      <Trash2Icon />
                    </IconAction>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Panel>

      <Panel
        title={t("content")}
        testId="cache-content"
        action={
          <Button size="sm" variant="outline" data-testid="cache-clear-all" onClick={clearAll}>
            <BrushCleaningIcon />
            {t("clearAll")}
          </Button>
        }
      >
        <div className="flex flex-col gap-3 text-sm">
          <label className="flex flex-col gap-1">
            <span className="font-medium text-foreground/80">{t("cacheName")}</span>
            <Input data-testid="cache-value-name" readOnly value={value?.cacheName ?? ""} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium text-foreground/80">{t("cacheKey")}</span>
            <Input data-testid="cache-value-key" readOnly value={value?.cacheKey ?? ""} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium text-foreground/80">{t("cacheValue")}</span>
            <Textarea data-testid="cache-value" readOnly rows={10} className="font-mono text-xs" value={value?.cacheValue ?? ""} />
          </label>
        </div>
      </Panel>
    </div>
  );
}

function Panel({ title, testId, action, children }: { title: string; testId: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card data-testid={testId} className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRoundIcon className="size-4" />
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}

function IconAction({
  label,
  testId,
  onClick,
  spinning,
  disabled,
  children,
}: {
  label: string;
  testId: string;
  onClick: () => void;
  spinning?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      className={cn("size-7", spinning && "[&_svg]:animate-spin")}
      aria-label={label}
      title={label}
      data-testid={testId}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {children}
    </Button>
  );
}
