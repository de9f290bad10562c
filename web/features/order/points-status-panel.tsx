import { getTranslations } from "next-intl/server";
import { Card, CardContent } from "@/components/ui/card";
import type { components } from "@/lib/api/bff-types";
import { POINTS_STATUSES, statusCount } from "./points-logic";

/**
 * Above the points orders' list (order/integral/index): how many orders wait in each status, to-ship first, so
 * that an operator sees at a glance what to ship. The counts come with the list's screen (its `panel`); the list
 * below keeps its own filters and row actions.
 */
export async function PointsStatusPanel({ counts }: { counts: components["schemas"]["PointsStatusCounts"] }) {
  const t = await getTranslations("orderPoints");
  return (
    <div data-testid="points-status-panel" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {POINTS_STATUSES.map((status) => (
        <Card key={status} data-testid={`points-status-${status}`} className="py-3">
          <CardContent className="flex items-baseline justify-between gap-2">
            <span className="text-sm text-muted-foreground">{t(`status.${status}`)}</span>
            <span data-testid="points-status-count" className="text-xl font-semibold tabular-nums">
              {statusCount(counts, status).toLocaleString()}
            </span>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
