"use client";

import { ChevronDownIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useConsole } from "@/components/layout/console-context";
import { MenuIcon } from "@/components/layout/menu-icon";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { RouterNode } from "@/lib/api/types";
import { useMenuTitle } from "@/lib/i18n-client";
import { menuHref, resolvePath, topMenus, visibleTopMenuCount } from "@/lib/routes";
import { cn } from "@/lib/utils";
import { isHttp } from "@/lib/validate";

/** The top bar's menu: floor(width / 3 / 85) entries, the rest under 'More menus'. */
export function TopNav({ activeTop, onSelectTop }: { activeTop: string; onSelectTop: (path: string) => void }) {
  const t = useTranslations("navbar");
  const menuTitle = useMenuTitle();
  const router = useRouter();
  const { routers } = useConsole();
  const [visible, setVisible] = useState(5);

  useEffect(() => {
    const measure = () => setVisible(visibleTopMenuCount(document.body.getBoundingClientRect().width));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  const menus = topMenus(routers);
  const keyOf = (menu: RouterNode) => resolvePath("/", menu.path);

  const select = (menu: RouterNode) => {
    if (isHttp(menu.path)) {
      window.open(menu.path, "_blank", "noopener");
    } else if (menu.children?.length) {
      onSelectTop(keyOf(menu));
    } else {
      router.push(menuHref(keyOf(menu), menu.query));
    }
  };

  const entry = (menu: RouterNode) => (
    <>
      <MenuIcon name={menu.meta?.icon ?? undefined} />
      {menuTitle(menu.meta?.title ?? "")}
    </>
  );

  return (
    <nav data-testid="top-nav" aria-label={t("menu")} className="flex h-full items-center">
      {menus.slice(0, visible).map((menu) => (
        <button
          key={menu.path}
          type="button"
          data-testid="top-nav-item"
          data-path={keyOf(menu)}
          onClick={() => select(menu)}
          className={cn(
            "flex h-full items-center gap-1.5 border-b-2 border-transparent px-3 text-sm hover:text-primary",
            keyOf(menu) === activeTop && "border-primary text-primary",
          )}
        >
          {entry(menu)}
        </button>
      ))}
      {menus.length > visible && (
        <DropdownMenu>
          <DropdownMenuTrigger data-testid="top-nav-more" className="flex h-full items-center gap-1 px-3 text-sm hover:text-primary">
            {t("moreMenus")}
            <ChevronDownIcon className="size-3.5" />
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {menus.slice(visible).map((menu) => (
              <DropdownMenuItem key={menu.path} onSelect={() => select(menu)}>
                {entry(menu)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </nav>
  );
}
