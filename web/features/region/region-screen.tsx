import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { RegionTree } from "./region-tree";

/** 区域列表: the provinces of /bff/screens/region, the tree below them read level by level in the browser. */
export async function RegionScreen() {
  const result = await loadScreen<components["schemas"]["RegionScreen"]>("/bff/screens/region");
  if (!result.ok) return <ScreenFailure result={result} />;
  return <RegionTree provinces={result.data.regions} />;
}
