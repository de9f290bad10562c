import { GuardedPage } from "@/features/guarded-page";
import type { ViewProps } from "@/features/registry";
import { GUARDED_ROUTES } from "@/lib/static-routes";

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ roleId: string }>;
  searchParams: ViewProps["searchParams"];
}) {
  const { roleId } = await params;
  return <GuardedPage route={GUARDED_ROUTES.roleAuthUser} id={roleId} searchParams={searchParams} />;
}
