import { GuardedPage } from "@/features/guarded-page";
import type { ViewProps } from "@/features/registry";
import { GUARDED_ROUTES } from "@/lib/static-routes";

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ userId: string }>;
  searchParams: ViewProps["searchParams"];
}) {
  const { userId } = await params;
  return <GuardedPage route={GUARDED_ROUTES.userAuthRole} id={userId} searchParams={searchParams} />;
}
