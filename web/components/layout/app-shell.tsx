"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useEffectEvent, useState } from "react";
import { useColorMode } from "@/components/color-mode-provider";
import { useConsole } from "@/components/layout/console-context";
import { DocumentTitle } from "@/components/layout/document-title";
import { Navbar } from "@/components/layout/navbar";
import { SettingsDrawer } from "@/components/layout/settings-drawer";
import { useLayout } from "@/components/layout/settings-provider";
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, Sidebar } from "@/components/layout/sidebar";
import { TagsView } from "@/components/layout/tags-view";
import { useMenuTitle } from "@/lib/i18n-client";
import { activeTopPath, sidebarMenu, topNavSidebar } from "@/lib/routes";
import { describeRoute } from "@/lib/static-routes";
import { cn } from "@/lib/utils";

/**
 * The console layout of spec §2.5: sidebar, navbar, tabs, page, settings drawer. The features it shows (the chat
 * button, the unread badge, the chat popup) come through its slots from the console layout: the shell imports
 * no feature.
 */
export function AppShell({ children, navbarActions, overlay }: { children: ReactNode; navbarActions?: ReactNode; overlay?: ReactNode }) {
  const pathname = usePathname();
  const menuTitle = useMenuTitle();
  const { routers, entries, user } = useConsole();
  const { bindUser } = useColorMode();
  // each operator's colour mode is their own (docs/decisions.md)
  useEffect(() => {
    bindUser(user.userId);
    return () => bindUser(null);
  }, [bindUser, user.userId]);
  const { settings, sidebarOpened, mobile, closeSidebar } = useLayout();
  // a top-bar choice holds on the page it was made on: every navigation follows the page again
  const [chosen, setChosen] = useState<{ pathname: string; top: string } | null>(null);
  const chosenTop = chosen?.pathname === pathname ? chosen.top : null;
  const setChosenTop = (top: string) => setChosen({ pathname, top });

  // every navigation: back to the top, the mobile drawer closed
  const navigated = useEffectEvent(() => {
    window.scrollTo(0, 0);
    if (mobile) closeSidebar();
  });
  useEffect(() => navigated(), [pathname]);

  const description = describeRoute(pathname, entries);
  const pageTitle = description?.title && menuTitle(description.title);
  const activeTop = chosenTop ?? activeTopPath(description?.activeMenu ?? pathname);
  const items = settings.topNav ? topNavSidebar(routers, activeTop) : sidebarMenu(routers);
  const showSidebar = items.length > 0;
  const offset = !showSidebar || mobile ? 0 : sidebarOpened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;

  return (
    <>
      <div className="min-h-screen bg-page">
        {showSidebar && <Sidebar items={items} activeMenu={description?.activeMenu} />}
        {/* below 993 px no margin from the first paint: the server cannot know the width, and a margin that
            slides away after hydration widens the page for its 300 ms */}
        <div className="flex min-h-screen flex-col transition-[margin-left] duration-300 max-[993px]:ml-0!" style={{ marginLeft: offset }}>
          <div
            data-testid="fixed-header"
            className={cn("z-20", settings.fixedHeader && "sticky top-0")}
          >
            <Navbar description={description} activeTop={activeTop} onSelectTop={setChosenTop} actions={navbarActions} />
            {settings.tagsView && <TagsView />}
          </div>
          <main data-testid="app-main" className="relative flex-1 p-4">
            {/* the page's one h1, for a reader's heading list: the tab and the breadcrumb show it already */}
            {pageTitle && (
              <h1 data-testid="page-title" className="sr-only">
                {pageTitle}
              </h1>
            )}
            {children}
          </main>
        </div>
        <SettingsDrawer />
        <DocumentTitle pageTitle={description?.title} />
        {overlay}
      </div>
    </>
  );
}
