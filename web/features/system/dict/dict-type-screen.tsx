import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { DictTypeScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { DictTypeList } from "./dict-type-list";
import { dictTypeParsers } from "./query";

/** 字典管理: the dictionary types. */
export async function DictTypeScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<DictTypeScreenData, typeof dictTypeParsers>("/bff/screens/system/dict", dictTypeParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <DictTypeList data={result.data} />;
}
