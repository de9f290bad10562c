import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadListScreen } from "@/lib/list-screen";
import { categoryLevelsParsers } from "./category-levels-logic";
import { CategoryLevelsView } from "./category-levels-view";

/**
 * The hidden sub-page content/category/levels (spec 001 §2.6): the one-level and the one/two-level list of
 * the category tree, adding a frame and adding an organisation, from the BFF's category levels screen. The
 * category list itself is the declared resource's standard screen (content/category/index).
 */
export async function CategoryLevelsScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<components["schemas"]["CategoryLevels"], typeof categoryLevelsParsers>(
    "/bff/screens/content/category-levels",
    categoryLevelsParsers,
    searchParams,
  );
  if (!result.ok) return <ScreenFailure result={result} />;
  return <CategoryLevelsView data={result.data} />;
}
