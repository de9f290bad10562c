"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { type ListPage, listPage } from "@/lib/list-page";
import { request } from "@/lib/request";
import { POINTS_STATUSES, type PointsStatus, statusQuery } from "./points-logic";

/**
 * Above the points orders' list (order/integral/index): how many orders wait in each status, to-ship first, so
 * that an operator sees at a glance what to ship. The list below keeps its own filters and row actions.
 */
export function PointsStatusPanel() {
  const t = useTranslations("orderPoints");
  const [counts, setCounts] = useState<Record<PointsStatus, number> | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all(
      POINTS_STATUSES.map((status) =>
        request<ListPage>("api/admin/order_integral/list_data", { params: statusQuery(status) }).then(
          (answer) => [status, listPage(answer).total] as const,
        ),
      ),
    )
      .then((pairs) => {
        if (live) setCounts(Object.fromEntries(pairs) as Record<PointsStatus, number>);
      })
      .catch(() => undefined); // already told to the user by request()
    return () => {
      live = false;
    };
  }, []);

  if (!counts) return null;
  return (
    <div data-testid="points-status-panel" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {POINTS_STATUSES.map((status) => (
        <Card key={status} data-testid={`points-status-${status}`} className="py-3">
          <CardContent className="flex items-baseline justify-between gap-2">
            <span className="text-sm text-muted-foreground">{t(`status.${status}`)}</span>
            <span data-testid="points-status-count" className="text-xl font-semibold tabular-nums">
              {counts[status].toLocaleString()}
            </span>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
