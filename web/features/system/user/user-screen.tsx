import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { UserScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { userParsers } from "./query";
import { UserList } from "./user-list";

/** 用户管理: the page of users, the department tree and the dictionaries, from one BFF call. */
export async function UserScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<UserScreenData, typeof userParsers>(
    "/bff/screens/system/user",
    userParsers,
    searchParams,
  );
  if (!result.ok) return <ScreenFailure result={result} />;
  return <UserList data={result.data} />;
}
