"use client";

import { BrushCleaningIcon, KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import { RowActions, ToolbarButton } from "@/components/data-table/operations";
import { ListToolbar } from "@/components/data-table/toolbar";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { answer, bff, core, done } from "@/lib/api/core";
import { RequestError } from "@/lib/request";
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

/**
 * 缓存列表: 缓存列表 → 键名列表 → 缓存内容, with clearing one key, one name or everything. Three panes, each a
 * card with the list frame's toolbar (刷新) and the list pane's rows with RowActions (清理 a name, 删除 a key);
 * a clear cannot be undone, so it asks first naming the cache name or key. A row opens with a click or, when
 * focused, Enter / Space. No pager: a few dozen names, the keys of one name.
 */
export function CacheList({ initialNames }: { initialNames: CacheNameRow[] }) {
  const t = useTranslations("monitor.cacheList");
  const confirm = useConfirm();
  const [names, setNames] = useState(initialNames);
  const [name, setName] = useState<string | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [value, setValue] = useState<CacheValue | null>(null);

  const loadNames = async () => {
    const next = await dataOrNull(answer(bff.GET("/bff/screens/monitor/cacheList")));
    if (next) setNames(next);
  };
  const loadKeys = async (cacheName: string) => {
    setName(cacheName);
    const next = await dataOrNull(answer(core.GET("/monitor/cache/getKeys/{cacheName}", { params: { path: { cacheName } } })));
    setKeys(next ?? []);
    setValue(null);
  };
  const loadValue = async (cacheKey: string) => {
    if (!name) return;
    setValue(await dataOrNull(answer(core.GET("/monitor/cache/getValue/{cacheName}/{cacheKey}", { params: { path: { cacheName: name, cacheKey } } }))));
  };
  const clearName = async (cacheName: string) => {
    if (!(await confirm({ message: t("clearNameConfirm", { name: cacheName }) }))) return;
    if (!(await done(core.DELETE("/monitor/cache/clearCacheName/{cacheName}", { params: { path: { cacheName } } })))) return;
    toast.success(t("nameCleared", { name: cacheName }));
    if (cacheName === name) await loadKeys(cacheName);
  };
  const clearKey = async (cacheKey: string) => {
    if (!(await confirm({ message: t("clearKeyConfirm", { key: cacheKey }) }))) return;
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
      <Pane title={t("names")} testId="cache-names" onRefresh={loadNames}>
        <HeadedTable aria-label={t("names")} headers={[{ label: t("index"), className: "w-12" }, t("cacheName"), t("remark"), { label: t("operations"), className: "w-16" }]}>
          {names.map((row, index) => (
            <TableRow
              key={row.cacheName}
              data-testid="cache-name"
              data-name={row.cacheName}
              data-state={row.cacheName === name ? "selected" : undefined}
              {...opener(() => loadKeys(row.cacheName))}
            >
              <TableCell>{index + 1}</TableCell>
              <TableCell className="font-mono text-xs">{row.cacheName}</TableCell>
              <TableCell>{row.remark}</TableCell>
              <ActionsCell>
                <RowActions actions={[{ icon: <Trash2Icon />, label: t("clearName"), testId: "cache-name-clear", onClick: () => void clearName(row.cacheName) }]} />
              </ActionsCell>
            </TableRow>
          ))}
        </HeadedTable>
      </Pane>

      <Pane title={t("keys")} testId="cache-keys" onRefresh={() => void (name && loadKeys(name))}>
        <HeadedTable aria-label={t("keys")} headers={[{ label: t("index"), className: "w-12" }, t("cacheKey"), { label: t("operations"), className: "w-16" }]}>
          {keys.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3} data-testid="cache-keys-empty" className="h-16 text-center text-muted-foreground">
                {name ? t("noKeys") : t("pickName")}
              </TableCell>
            </TableRow>
          ) : (
            keys.map((key, index) => (
              <TableRow key={key} data-testid="cache-key" data-key={key} data-state={key === value?.cacheKey ? "selected" : undefined} {...opener(() => loadValue(key))}>
                <TableCell>{index + 1}</TableCell>
                <TableCell className="font-mono text-xs break-all">{key}</TableCell>
                <ActionsCell>
                  <RowActions actions={[{ icon: <Trash2Icon />, label: t("clearKey"), testId: "cache-key-clear", onClick: () => void clearKey(key) }]} />
                </ActionsCell>
              </TableRow>
            ))
          )}
        </HeadedTable>
      </Pane>

      <Pane
        title={t("content")}
        testId="cache-content"
        onRefresh={() => void (value && loadValue(value.cacheKey))}
        buttons={<ToolbarButton testId="cache-clear-all" icon={<BrushCleaningIcon />} label={t("clearAll")} onClick={() => void clearAll()} />}
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
      </Pane>
    </div>
  );
}

/** One pane: the list frame's card with its title and toolbar (the pane's buttons, 刷新). */
function Pane({ title, testId, onRefresh, buttons, children }: { title: string; testId: string; onRefresh: () => void; buttons?: ReactNode; children: ReactNode }) {
  return (
    <Card data-testid={testId} className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRoundIcon className="size-4" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <ListToolbar onRefresh={onRefresh}>{buttons}</ListToolbar>
        {children}
      </CardContent>
    </Card>
  );
}

/** A row that opens what it names with a click, or with Enter / Space when focused (not when its buttons are used). */
function opener(open: () => void) {
  return {
    tabIndex: 0,
    className: "cursor-pointer focus-visible:bg-muted focus-visible:outline-none",
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      open();
    },
  };
}

/** The operations cell: its buttons act on the row without opening it. */
function ActionsCell({ children }: { children: ReactNode }) {
  return <TableCell onClick={(event) => event.stopPropagation()}>{children}</TableCell>;
}
