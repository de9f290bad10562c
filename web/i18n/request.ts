import { getRequestConfig } from "next-intl/server";
import { operatorLocale } from "@/lib/operator-locale";

/** Each area keeps its strings in messages/<area>/<locale>.json beside the shell's own file. */
const AREAS = ["monitor", "messaging", "tools", "resources", "content", "charts", "setting", "maps", "region",
  "finance", "mall-shops", "mall-content", "mall-goods", "mall-market", "order", "order-aftersale",
  "order-points"] as const;

export default getRequestConfig(async () => {
  const locale = await operatorLocale();
  const parts = await Promise.all([
    import(`../messages/${locale}.json`),
    ...AREAS.map((area) => import(`../messages/${area}/${locale}.json`)),
  ]);
  return { locale, messages: Object.assign({}, ...parts.map((part) => part.default)) };
});
