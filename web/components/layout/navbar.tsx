"use client";

import { IndentDecreaseIcon, IndentIncreaseIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AvatarMenu } from "@/components/layout/avatar-menu";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import { ColorModeSelect } from "@/components/layout/color-mode-select";
import { HeaderSearch } from "@/components/layout/header-search";
import { LangSelect } from "@/components/layout/lang-select";
import { Screenfull } from "@/components/layout/screenfull";
import { useLayout } from "@/components/layout/settings-provider";
import { SizeSelect } from "@/components/layout/size-select";
import { TopNav } from "@/components/layout/top-nav";
import type { RouteDescription } from "@/lib/static-routes";

export function Navbar({
  description,
  activeTop,
  onSelectTop,
  actions,
}: {
  description?: RouteDescription;
  activeTop: string;
  onSelectTop: (path: string) => void;
  /** the console layout's buttons before the avatar (the chat button and the unread badge) */
  actions?: ReactNode;
}) {
  const t = useTranslations("navbar");
  const { settings, sidebarOpened, toggleSidebar, mobile } = useLayout();
  const Toggle = sidebarOpened ? IndentDecreaseIcon : IndentIncreaseIcon;
  return (
    <header data-testid="navbar" className="flex h-[50px] items-center border-b bg-background shadow-xs">
      <button
        type="button"
        data-testid="hamburger"
        aria-label={t("toggleSidebar")}
        aria-expanded={sidebarOpened}
        onClick={toggleSidebar}
        className="flex h-full items-center px-4 hover:bg-hover"
      >
        <Toggle className="size-5" />
      </button>
      <div className="flex h-full min-w-0 flex-1 items-center">
        {settings.topNav ? (
          <TopNav activeTop={activeTop} onSelectTop={onSelectTop} />
        ) : (
          <Breadcrumb description={description} />
        )}
      </div>
      <div className="flex h-full items-center">
        <HeaderSearch />
        {/* as RuoYi: no full screen or size choice on a phone, where they only crowd the bar */}
        {!mobile && <Screenfull />}
        {!mobile && <SizeSelect />}
        <ColorModeSelect />
        <LangSelect />
        {actions}
        <AvatarMenu />
      </div>
    </header>
  );
}
