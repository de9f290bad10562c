import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { LazyLoginCharts } from "./login-charts-lazy";

/** Above the sign-in figures' list: the charts of the last 30 days, one BFF call made on the server. */
export async function LoginCharts() {
  const result = await loadScreen<components["schemas"]["LoginChartsScreen"]>("/bff/screens/account/charts");
  if (!result.ok) return <ScreenFailure result={result} />;
  return <LazyLoginCharts initial={result.data} />;
}
