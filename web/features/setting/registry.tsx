import { ScreenFailure } from "@/components/screen-error";
import type { View } from "@/features/registry";
import { loadScreen } from "@/lib/session";
import { ConfigPageView } from "./config-page";
import type { ConfigScreen } from "./config-page-logic";

/** View path → configuration page key (core_api/platform/config_page.py): one screen drawn from each page's metadata. */
export const CONFIG_PAGES: Readonly<Record<string, string>> = {
  "setting/product/index": "product",
  "setting/cdkey/index": "cdkey",
  "setting/group/index": "group",
  "setting/alarm/index": "alarm_message",
  "setting/payWay/index": "pay_way",
  "setting/core/index": "core_v2",
  "setting/common/index": "common_v2",
  "setting/meili/index": "meili",
  "setting/integral/index": "integral",
  "setting/game/index": "game",
  "content/about/index": "about_us",
  "consult/independence/index": "consult_independence",
};

/** A configuration page from the BFF's config page screen: its form, its object (the first scope) and its history. */
async function ConfigPageScreen({ pageKey }: { pageKey: string }) {
  const result = await loadScreen<ConfigScreen>(`/bff/screens/setting/config-page?key=${encodeURIComponent(pageKey)}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <ConfigPageView key={pageKey} data={result.data} />;
}

export const settingViews: Readonly<Record<string, View>> = Object.fromEntries(
  Object.entries(CONFIG_PAGES).map(([view, key]) => {
    const Page: View = () => <ConfigPageScreen key={key} pageKey={key} />;
    return [view, Page];
  }),
);
