import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { MenuScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { MenuList } from "./menu-list";
import { menuParsers } from "./query";

/** 菜单管理: the menus as a tree table. */
export async function MenuScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<MenuScreenData, typeof menuParsers>("/bff/screens/system/menu", menuParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <MenuList data={result.data} />;
}
