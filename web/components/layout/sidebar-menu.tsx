"use client";

import { ChevronDownIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MenuIcon } from "@/components/layout/menu-icon";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useMenuTitle } from "@/lib/i18n-client";
import { menuHref, type MenuItem } from "@/lib/routes";
import { cn } from "@/lib/utils";

function contains(item: MenuItem, path: string | undefined): boolean {
  if (!path) return false;
  return item.path === path || !!item.children?.some((child) => contains(child, path));
}

/** A menu link: inside the console, or an external http(s) link in a new tab. */
function MenuLink({ item, className, children, current }: { item: MenuItem; className?: string; children: React.ReactNode; current?: boolean }) {
  if (item.external) {
    return (
      <a href={item.path} target="_blank" rel="noopener noreferrer" data-testid="menu-item" data-path={item.path} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={menuHref(item.path, item.query)} data-testid="menu-item" data-path={item.path} aria-current={current ? "page" : undefined} className={className}>
      {children}
    </Link>
  );
}

const rowClass =
  "flex h-[50px] w-full items-center gap-3 truncate pr-4 text-sm transition-colors hover:bg-sidebar-hover";

function ExpandedNode({ item, depth, activeMenu }: { item: MenuItem; depth: number; activeMenu?: string }) {
  const menuTitle = useMenuTitle();
  const holdsActive = contains(item, activeMenu);
  const [open, setOpen] = useState(holdsActive);
  // opened when it comes to hold the active page (adjusted while rendering, not after)
  const [held, setHeld] = useState(holdsActive);
  if (held !== holdsActive) {
    setHeld(holdsActive);
    if (holdsActive) setOpen(true);
  }

  const indent = { paddingLeft: 20 + depth * 20 };
  if (!item.children) {
    return (
      <MenuLink
        item={item}
        current={item.path === activeMenu}
        className={cn(rowClass, depth > 0 && "bg-sidebar-sub", item.path === activeMenu && "text-sidebar-active")}
      >
        <span style={indent} className="flex items-center gap-3 truncate">
          <MenuIcon name={item.icon} />
          <span className="truncate">{menuTitle(item.title)}</span>
        </span>
      </MenuLink>
    );
  }
  return (
    <div>
      <button
        type="button"
        data-testid="menu-dir"
        data-title={item.title}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={cn(rowClass, depth > 0 && "bg-sidebar-sub", holdsActive && "text-sidebar-title")}
        style={indent}
      >
        <MenuIcon name={item.icon} />
        <span className="flex-1 truncate text-left">{menuTitle(item.title)}</span>
        <ChevronDownIcon className={cn("size-3.5 transition-transform", open && "rotate-180")} />
      </button>
      {open &&
        item.children.map((child) => (
          <ExpandedNode key={child.key} item={child} depth={depth + 1} activeMenu={activeMenu} />
        ))}
    </div>
  );
}

function PopupEntries({ items }: { items: MenuItem[] }) {
  const menuTitle = useMenuTitle();
  return items.map((item) =>
    item.children ? (
      <DropdownMenuSub key={item.key}>
        <DropdownMenuSubTrigger>
          <MenuIcon name={item.icon} />
          {menuTitle(item.title)}
        </DropdownMenuSubTrigger>
        <DropdownMenuSubContent>
          <PopupEntries items={item.children} />
        </DropdownMenuSubContent>
      </DropdownMenuSub>
    ) : (
      <DropdownMenuItem key={item.key} asChild>
        <MenuLink item={item}>
          <MenuIcon name={item.icon} />
          {menuTitle(item.title)}
        </MenuLink>
      </DropdownMenuItem>
    ),
  );
}

/** Collapsed sidebar: icons only; a directory opens its entries in a popup. */
function CollapsedNode({ item, activeMenu }: { item: MenuItem; activeMenu?: string }) {
  const menuTitle = useMenuTitle();
  const active = contains(item, activeMenu);
  const iconClass = cn(rowClass, "justify-center px-0", active && "text-sidebar-active");
  if (!item.children) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <MenuLink item={item} current={item.path === activeMenu} className={iconClass}>
            <MenuIcon name={item.icon} />
            <span className="sr-only">{menuTitle(item.title)}</span>
          </MenuLink>
        </TooltipTrigger>
        <TooltipContent side="right">{menuTitle(item.title)}</TooltipContent>
      </Tooltip>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger data-testid="menu-dir" data-title={item.title} className={iconClass}>
        <MenuIcon name={item.icon} />
        <span className="sr-only">{menuTitle(item.title)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="right" align="start">
        <PopupEntries items={item.children} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function SidebarMenu({
  items,
  collapsed,
  activeMenu,
}: {
  items: MenuItem[];
  collapsed: boolean;
  activeMenu?: string;
}) {
  const t = useTranslations("navbar");
  return (
    <nav data-testid="sidebar-menu" aria-label={t("menu")} className="flex-1 overflow-x-hidden overflow-y-auto">
      {items.map((item) =>
        collapsed ? (
          <CollapsedNode key={item.key} item={item} activeMenu={activeMenu} />
        ) : (
          <ExpandedNode key={item.key} item={item} depth={0} activeMenu={activeMenu} />
        ),
      )}
    </nav>
  );
}
