import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { REVIEW_PAGE } from "./goods-logic";
import { ReviewTable } from "./review-table";

/** 商品审核: the goods awaiting review, the first page from /bff/screens/mall/review. */
export async function ReviewScreen() {
  const result = await loadScreen<components["schemas"]["ReviewScreen"]>(`/bff/screens/mall/review?pageSize=${REVIEW_PAGE}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <ReviewTable initial={result.data.goods.data} />;
}
