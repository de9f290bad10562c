import { ScreenFailure } from "@/components/screen-error";
import { loadScreen } from "@/lib/session";
import type { BuildScreenData } from "../types";
import { FormDesigner } from "./form-designer";

/** 表单构建 (tool/build/index): the designer, with the saved forms to reopen. */
export async function BuildScreen() {
  const result = await loadScreen<BuildScreenData>("/bff/screens/tool/build?pageSize=500");
  if (!result.ok) return <ScreenFailure result={result} />;
  return <FormDesigner data={result.data} />;
}
