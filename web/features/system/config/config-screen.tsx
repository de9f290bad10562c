import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { ConfigScreenData, ConfigSettingsData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { loadScreen } from "@/lib/session";
import { cn } from "@/lib/utils";
import { ConfigList } from "./config-list";
import { ConfigSettings } from "./config-settings";
import { configParsers, SETTINGS_TAB } from "./query";

/** 参数设置: the list of parameters, and a second tab editing every key as one form grouped by prefix. */
export async function ConfigScreen({ searchParams }: ViewProps) {
  const t = await getTranslations("config");
  const settings = (await searchParams).tab === SETTINGS_TAB;
  const tabs = (
    <nav data-testid="config-tabs" aria-label={t("tabs")} className="mb-3 flex gap-1 border-b">
      {[
        { href: "/system/config", label: t("listTab"), active: !settings, id: "list" },
        { href: `/system/config?tab=${SETTINGS_TAB}`, label: t("settingsTab"), active: settings, id: SETTINGS_TAB },
      ].map((tab) => (
        <Link
          key={tab.id}
          href={tab.href}
          data-testid={`config-tab-${tab.id}`}
          aria-current={tab.active ? "page" : undefined}
          className={cn("-mb-px border-b-2 px-4 py-2 text-sm", tab.active ? "border-primary text-primary" : "border-transparent hover:text-primary")}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
  if (settings) {
    const result = await loadScreen<ConfigSettingsData>("/bff/screens/system/config/settings");
    return (
      <>
        {tabs}
        {result.ok ? <ConfigSettings rows={result.data.rows} /> : <ScreenFailure result={result} />}
      </>
    );
  }
  const { result } = await loadListScreen<ConfigScreenData, typeof configParsers>("/bff/screens/system/config", configParsers, searchParams);
  return (
    <>
      {tabs}
      {result.ok ? <ConfigList data={result.data} /> : <ScreenFailure result={result} />}
    </>
  );
}
