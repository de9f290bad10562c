import type { ViewProps } from "@/features/registry";
import { loadListScreen, ScreenFailure } from "@/features/system/shared/load-screen";
import type { RoleScreenData } from "@/lib/api/types";
import { roleParsers } from "./query";
import { RoleList } from "./role-list";

/** 角色管理. */
export async function RoleScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<RoleScreenData, typeof roleParsers>("/bff/screens/system/role", roleParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <RoleList data={result.data} />;
}
