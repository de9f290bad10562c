import { createLoader } from "nuqs/server";
import { NotBuilt } from "@/components/not-built";
import { ScreenFailure } from "@/components/screen-error";
import { ResourcePanelView, type ViewProps } from "@/features/registry";
import type { ResourceScreenData } from "@/lib/api/types";
import { pagingParsers } from "@/lib/list-parsers";
import { screenQuery } from "@/lib/list-query";
import { loadScreen } from "@/lib/session";
import { ResourceList } from "./resource-list";

/**
 * Any declared business resource (issue 11 §1): the screen is drawn from the declaration the BFF hands
 * over with the first page. A view path no resource declares shows the "not built yet" panel.
 */
export async function ResourceScreen({ view, title, searchParams }: ViewProps & { view: string; title: string }) {
  const params = await searchParams;
  const paging = createLoader(pagingParsers)(params);
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && !(key in pagingParsers)) filters[key] = first;
  }
  const result = await loadScreen<ResourceScreenData>(`/bff/screens/resource?${screenQuery({ ...filters, ...paging }, { view })}`);
  if (!result.ok) return result.status === "missing" ? <NotBuilt title={title} viewPath={view} /> : <ScreenFailure result={result} />;
  const { panel } = result.data;
  if (!panel) return <ResourceList key={view} data={result.data} />;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ResourcePanelView panel={panel} />
      <ResourceList key={view} data={result.data} />
    </div>
  );
}
