import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { AttrTable } from "./attr-table";

/** 商品属性: the attributes of /bff/screens/mall/attr (one page of 200, every attribute a shop keeps). */
export async function AttrScreen() {
  const result = await loadScreen<components["schemas"]["AttrScreen"]>("/bff/screens/mall/attr?pageSize=200");
  if (!result.ok) return <ScreenFailure result={result} />;
  return <AttrTable data={result.data} />;
}
