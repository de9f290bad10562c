"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useConsole } from "@/components/layout/console-context";
import { useLayout } from "@/components/layout/settings-provider";
import { useMenuTitle } from "@/lib/i18n-client";
import { windowTitle } from "@/lib/settings";

/** '<page title> - <product>管理系统' with dynamic titles on, else the product name. */
export function DocumentTitle({ pageTitle }: { pageTitle?: string }) {
  const t = useTranslations("app");
  const menuTitle = useMenuTitle();
  const { productName } = useConsole();
  const { settings } = useLayout();

  const title = windowTitle({
    dynamicTitle: settings.dynamicTitle,
    pageTitle: pageTitle && menuTitle(pageTitle),
    productName,
    systemName: t("systemName", { product: productName }),
  });

  useEffect(() => {
    document.title = title;
    // Next writes the root layout's metadata title (the product name) after a navigation's effects
    // have run: put ours back whenever the head's title changes
    const observer = new MutationObserver(() => {
      if (document.title !== title) document.title = title;
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);

  return null;
}
