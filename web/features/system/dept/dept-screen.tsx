import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { DeptScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { DeptList } from "./dept-list";
import { deptParsers } from "./query";

/** 部门管理: the departments in the caller's scope as a tree table. */
export async function DeptScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<DeptScreenData, typeof deptParsers>("/bff/screens/system/dept", deptParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <DeptList data={result.data} />;
}
