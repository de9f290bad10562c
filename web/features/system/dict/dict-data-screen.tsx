import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { DictDataScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { DictDataList } from "./dict-data-list";
import { dictDataParsers } from "./query";

/** 字典数据 (/system/dict-data/index/{dictId}): the entries of one type. */
export async function DictDataScreen({ id, searchParams }: ViewProps) {
  const { result } = await loadListScreen<DictDataScreenData, typeof dictDataParsers>(
    "/bff/screens/system/dict-data",
    dictDataParsers,
    searchParams,
    { dictId: id ?? "" },
  );
  if (!result.ok) return <ScreenFailure result={result} />;
  return <DictDataList data={result.data} />;
}
