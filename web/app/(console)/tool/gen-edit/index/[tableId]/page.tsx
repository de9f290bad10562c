import { GuardedPage } from "@/features/guarded-page";
import type { ViewProps } from "@/features/registry";
import { GUARDED_ROUTES } from "@/lib/static-routes";

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ tableId: string }>;
  searchParams: ViewProps["searchParams"];
}) {
  const { tableId } = await params;
  return <GuardedPage route={GUARDED_ROUTES.genEditTable} id={tableId} searchParams={searchParams} />;
}
