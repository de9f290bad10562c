"use client";

import { Columns3Icon, RefreshCwIcon, SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { ColumnChoice, Visibility } from "@/lib/columns";
import { ColumnDialog } from "./column-dialog";

/**
 * The row above a list: the screen's own buttons on the left; on the right the toolbar of spec §2.8
 * (显示搜索/隐藏搜索, 刷新, and the 显示/隐藏 column dialog when columns are given).
 */
export function ListToolbar({
  children,
  showSearch,
  onToggleSearch,
  onRefresh,
  columns,
  visibility,
  onVisibilityChange,
}: {
  children?: ReactNode;
  showSearch?: boolean;
  onToggleSearch?: () => void;
  onRefresh: () => void;
  columns?: ColumnChoice[];
  visibility?: Visibility;
  onVisibilityChange?: (next: Visibility) => void;
}) {
  const t = useTranslations("list");
  const [columnsOpen, setColumnsOpen] = useState(false);
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2">
      <div className="flex flex-1 flex-wrap items-center gap-2">{children}</div>
      <div className="flex items-center gap-1.5">
        {onToggleSearch && (
          <IconButton
            testId="toolbar-search"
            label={showSearch ? t("hideSearch") : t("showSearch")}
            onClick={onToggleSearch}
          >
            <SearchIcon />
          </IconButton>
        )}
        <IconButton testId="toolbar-refresh" label={t("refresh")} onClick={onRefresh}>
          <RefreshCwIcon />
        </IconButton>
        {columns && visibility && onVisibilityChange && (
          <>
            <IconButton testId="toolbar-columns" label={t("columns")} onClick={() => setColumnsOpen(true)}>
              <Columns3Icon />
            </IconButton>
            <ColumnDialog
              open={columnsOpen}
              onOpenChange={setColumnsOpen}
              columns={columns}
              visibility={visibility}
              onChange={onVisibilityChange}
            />
          </>
        )}
      </div>
    </div>
  );
}

function IconButton({ testId, label, onClick, children }: { testId: string; label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-8 rounded-full"
          data-testid={testId}
          aria-label={label}
          onClick={onClick}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
