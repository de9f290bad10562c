import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScreenError } from "@/components/screen-error";
import { StatusPage } from "@/components/status-page";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { DashboardData, ShopHomeData } from "@/lib/api/types";
import { firstMenuHref } from "@/lib/routes";
import { loadConsoleSession, loadScreen } from "@/lib/session";
import { BusinessReport } from "./business-report";
import { LiveFigures } from "./live-figures";
import { LoginsChart } from "./logins-chart";
import { RecentLogins } from "./recent-logins";
import { ShopHome } from "./shop-home";
import { StatCards } from "./stat-cards";

/** The shop home's permission: a shop account's roles hold it (never an operator's "*:*:*"). */
const SHOP_HOME = "index:shopHome:view";

/** Home: for a shop account, its shop's figures (/bff/screens/shop-home); for an operator, the figures of
 * /bff/screens/dashboard and its business report (the last 30 days; the browser asks the same screen for another
 * range); for whoever may read neither, their first menu page. */
export async function DashboardScreen() {
  const t = await getTranslations("dashboard");
  if ((await loadConsoleSession()).permissions.includes(SHOP_HOME)) {
    const shop = await loadScreen<ShopHomeData>("/bff/screens/shop-home");
    if (shop.ok) return <ShopHome data={shop.data} />;
    if (shop.status !== "forbidden") return <ScreenError message={shop.message} />;
    // granted to an operator's role by mistake: the core refuses, the platform home below is theirs
  }
  const result = await loadScreen<DashboardData>("/bff/screens/dashboard");
  if (!result.ok) {
    if (result.status !== "forbidden") return <ScreenError message={result.message} />;
    // Whoever may not read the figures (shop staff) lands on their first page: sign-in, the logo and the 403
    // page's "back home" all come here (issue 28).
    const first = firstMenuHref((await loadConsoleSession()).routers);
    if (first) redirect(first);
    return <StatusPage code="403" inShell />;
  }
  const data = result.data;
  return (
    <div data-testid="dashboard" className="flex flex-col gap-4">
      <LiveFigures initial={data.live} />
      <StatCards data={data} />
      <BusinessReport initial={data.business} />
      <Card>
        <CardHeader>
          <CardTitle>{t("loginsPerDay")}</CardTitle>
        </CardHeader>
        <CardContent>
          <LoginsChart data={data.loginsPerDay} />
        </CardContent>
      </Card>
      {/* null without monitor:logininfor:list: who signed in from where is the login log's business */}
      {data.recentLogins && (
        <Card>
          <CardHeader>
            <CardTitle>{t("recentLogins")}</CardTitle>
          </CardHeader>
          <CardContent>
            <RecentLogins data={data.recentLogins} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
