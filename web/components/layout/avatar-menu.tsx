"use client";

import { ChevronDownIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useConfirm } from "@/components/confirm-provider";
import { useConsole } from "@/components/layout/console-context";
import { useLayout } from "@/components/layout/settings-provider";
import { signOutAndReload } from "@/components/sign-out";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { fileUrl } from "@/lib/files";

/** Personal center, layout settings, log out. */
export function AvatarMenu() {
  const t = useTranslations("navbar");
  const confirm = useConfirm();
  const { user } = useConsole();
  const { setSettingsOpen } = useLayout();
  const name = user.nickName || user.userName;

  const logout = async () => {
    if (await confirm({ message: t("logoutConfirm") })) await signOutAndReload();
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger data-testid="avatar-menu" className="flex h-full items-center gap-1.5 pr-3 pl-2">
        <Avatar>
          {user.avatar && <AvatarImage data-testid="navbar-avatar" src={fileUrl(user.avatar)} alt={name} />}
          <AvatarFallback>{name.slice(0, 1).toUpperCase()}</AvatarFallback>
        </Avatar>
        <span data-testid="user-name" className="hidden text-sm lg:inline">
          {name}
        </span>
        <ChevronDownIcon className="size-3.5 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild data-testid="menu-profile">
          <Link href="/user/profile">{t("profile")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem data-testid="menu-settings" onSelect={() => setSettingsOpen(true)}>
          {t("layoutSettings")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="menu-logout" onSelect={logout}>
          {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
