"use client";

import { useLayout } from "@/components/layout/settings-provider";
import { SidebarLogo } from "@/components/layout/sidebar-logo";
import { SidebarMenu } from "@/components/layout/sidebar-menu";
import type { MenuItem } from "@/lib/routes";
import { cn } from "@/lib/utils";

export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

/** The side menu; below 992px a drawer over the page. */
export function Sidebar({ items, activeMenu }: { items: MenuItem[]; activeMenu?: string }) {
  const { settings, sidebarOpened, mobile, closeSidebar } = useLayout();
  const collapsed = !sidebarOpened && !mobile;
  const hiddenOnMobile = mobile && !sidebarOpened;
  return (
    <>
      {mobile && sidebarOpened && (
        <div aria-hidden data-testid="sidebar-backdrop" className="fixed inset-0 z-30 bg-black/30" onClick={closeSidebar} />
      )}
      <aside
        data-testid="sidebar"
        data-collapsed={collapsed}
        className={cn(
          "fixed inset-y-0 left-0 z-40 flex flex-col overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width,transform] duration-300",
          hiddenOnMobile && "-translate-x-full",
          // a phone's first paint, before the width is measured: the drawer starts closed
          !(mobile && sidebarOpened) && "max-[993px]:-translate-x-full",
        )}
        style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
      >
        {settings.sidebarLogo && <SidebarLogo collapsed={collapsed} />}
        <SidebarMenu items={items} collapsed={collapsed} activeMenu={activeMenu} />
      </aside>
    </>
  );
}
