"use client";

import { XIcon } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsole } from "@/components/layout/console-context";
import { ContextMenu, ContextMenuContent, ContextMenuItem, ContextMenuTrigger } from "@/components/ui/context-menu";
import { useMenuTitle } from "@/lib/i18n-client";
import { describeRoute } from "@/lib/static-routes";
import {
  addView,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeView,
  HOME_VIEW,
  lastViewPath,
  type VisitedView,
} from "@/lib/tags";
import { cn } from "@/lib/utils";

/** Visited-page tabs with the refresh / close context menu. */
export function TagsView() {
  const t = useTranslations("tags");
  const tn = useTranslations("navbar");
  const menuTitle = useMenuTitle();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const { entries } = useConsole();
  const [views, setViews] = useState<VisitedView[]>([HOME_VIEW]);

  // each page visited gets its tab (adjusted while rendering, not after)
  const fullPath = search ? `${pathname}?${search}` : pathname;
  const [visited, setVisited] = useState<{ fullPath: string; entries: typeof entries } | null>(null);
  if (visited?.fullPath !== fullPath || visited.entries !== entries) {
    setVisited({ fullPath, entries });
    const description = describeRoute(pathname, entries);
    if (description) setViews((current) => addView(current, { path: pathname, fullPath, title: description.title }));
  }

  /** Applies a close action: goes to `target`, or to the newest tab left when the page's own tab went. */
  const apply = (next: VisitedView[], target?: VisitedView) => {
    setViews(next);
    if (target && target.path !== pathname) router.push(target.fullPath);
    else if (!next.some((view) => view.path === pathname)) router.push(lastViewPath(next));
  };

  return (
    <nav
      data-testid="tags-view"
      aria-label={tn("openPages")}
      className="flex h-[34px] items-center gap-1 overflow-x-auto border-b bg-background px-3 shadow-xs"
    >
      {views.map((view, index) => {
        const active = view.path === pathname;
        return (
          <ContextMenu key={view.path}>
            <ContextMenuTrigger asChild>
              {/* the tab is the link and its close button side by side: a button inside a link is neither */}
              <span
                data-testid="tag"
                data-path={view.path}
                data-active={active}
                className={cn(
                  "inline-flex h-[26px] shrink-0 items-center gap-1 border px-2 text-xs",
                  active ? "border-primary bg-primary text-primary-foreground" : "bg-background text-foreground",
                )}
              >
                <Link href={view.fullPath} aria-current={active ? "page" : undefined} className="inline-flex items-center gap-1">
                  {active && <span className="size-2 rounded-full bg-primary-foreground" />}
                  {menuTitle(view.title)}
                </Link>
                {!view.affix && (
                  <button
                    type="button"
                    data-testid="tag-close"
                    aria-label={`${t("close")} ${menuTitle(view.title)}`}
                    className="rounded-full p-0.5 hover:bg-hover"
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      apply(closeView(views, view.path));
                    }}
                  >
                    <XIcon className="size-3" />
                  </button>
                )}
              </span>
            </ContextMenuTrigger>
            <ContextMenuContent data-testid="tag-menu">
              <ContextMenuItem data-testid="tag-menu-refresh" onSelect={() => router.replace(`/redirect${view.fullPath}`)}>
                {t("refresh")}
              </ContextMenuItem>
              <ContextMenuItem
                data-testid="tag-menu-close"
                disabled={view.affix}
                onSelect={() => apply(closeView(views, view.path))}
              >
                {t("close")}
              </ContextMenuItem>
              <ContextMenuItem data-testid="tag-menu-close-others" onSelect={() => apply(closeOthers(views, view.path), view)}>
                {t("closeOthers")}
              </ContextMenuItem>
              <ContextMenuItem
                data-testid="tag-menu-close-left"
                disabled={index <= 1}
                onSelect={() => apply(closeLeft(views, view.path))}
              >
                {t("closeLeft")}
              </ContextMenuItem>
              <ContextMenuItem
                data-testid="tag-menu-close-right"
                disabled={index === views.length - 1}
                onSelect={() => apply(closeRight(views, view.path))}
              >
                {t("closeRight")}
              </ContextMenuItem>
              <ContextMenuItem data-testid="tag-menu-close-all" onSelect={() => apply(closeAll(views))}>
                {t("closeAll")}
              </ContextMenuItem>
            </ContextMenuContent>
          </ContextMenu>
        );
      })}
    </nav>
  );
}
