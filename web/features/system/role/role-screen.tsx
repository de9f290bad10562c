import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { RoleScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { roleParsers } from "./query";
import { RoleList } from "./role-list";

/** 角色管理. */
export async function RoleScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<RoleScreenData, typeof roleParsers>("/bff/screens/system/role", roleParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <RoleList data={result.data} />;
}
