import { redirect } from "next/navigation";
import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import { loadScreen } from "@/lib/session";
import { isNumericId } from "@/lib/validate";
import type { GenEditScreenData } from "../types";
import { GenEditForm } from "./gen-edit-form";

/** 修改生成配置 (/tool/gen-edit/index/{tableId}); without a table id it goes back to the list. */
export async function GenEditScreen({ id }: ViewProps) {
  if (!isNumericId(id)) redirect("/tool/gen");
  const result = await loadScreen<GenEditScreenData>(`/bff/screens/tool/gen/${id}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <GenEditForm data={result.data} />;
}
