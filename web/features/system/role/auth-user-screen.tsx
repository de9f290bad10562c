import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { AuthUserScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { AuthUser } from "./auth-user";
import { authUserParsers } from "./query";

/** 分配用户 (/system/role-auth/user/{roleId}): the role and the users who hold it. */
export async function AuthUserScreen({ id, searchParams }: ViewProps) {
  const { result } = await loadListScreen<AuthUserScreenData, typeof authUserParsers>(
    "/bff/screens/system/role-auth",
    authUserParsers,
    searchParams,
    { roleId: id ?? "" },
  );
  if (!result.ok) return <ScreenFailure result={result} />;
  return <AuthUser data={result.data} />;
}
