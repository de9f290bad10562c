"use client";

import { ShieldCheckIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useConsole } from "@/components/layout/console-context";

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const t = useTranslations("app");
  const { productName } = useConsole();
  return (
    <Link
      href="/index"
      data-testid="sidebar-logo"
      className="flex h-[50px] shrink-0 items-center justify-center gap-2 overflow-hidden px-3 text-sidebar-title"
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <ShieldCheckIcon className="size-4" />
      </span>
      {!collapsed && (
        <span className="truncate text-sm font-semibold">{t("systemName", { product: productName })}</span>
      )}
    </Link>
  );
}
