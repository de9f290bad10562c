import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { AuthRoleScreenData } from "@/lib/api/types";
import { loadScreen } from "@/lib/session";
import { AuthRole } from "./auth-role";

/** 分配角色 (/system/user-auth/role/{userId}): the user and the roles it may hold. */
export async function AuthRoleScreen({ id }: ViewProps) {
  const result = await loadScreen<AuthRoleScreenData>(`/bff/screens/system/user-auth?userId=${id}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <AuthRole data={result.data} />;
}
