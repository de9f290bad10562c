"use client";

import dynamic from "next/dynamic";

/**
 * The sign-in charts (./login-charts), fetched when their page opens: the chart library and the provinces'
 * outlines would otherwise be part of every menu page's script. The figures come from the server half
 * resource screen answer (its `panel`), so nothing is lost by not drawing the charts on the server.
 */
export const LazyLoginCharts = dynamic(() => import("./login-charts").then((m) => m.LoginCharts), {
  ssr: false,
  loading: () => <div data-testid="charts-loading" className="h-72" />,
});
