import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import { loadListScreen } from "@/lib/list-screen";
import type { GenScreenData } from "../types";
import { GenList } from "./gen-list";
import { genParsers } from "./query";

/** 代码生成 (tool/gen/index). */
export async function GenScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<GenScreenData, typeof genParsers>("/bff/screens/tool/gen", genParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <GenList data={result.data} />;
}
