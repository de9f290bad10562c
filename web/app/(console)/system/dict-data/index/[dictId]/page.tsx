import { GuardedPage } from "@/features/guarded-page";
import type { ViewProps } from "@/features/registry";
import { GUARDED_ROUTES } from "@/lib/static-routes";

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ dictId: string }>;
  searchParams: ViewProps["searchParams"];
}) {
  const { dictId } = await params;
  return <GuardedPage route={GUARDED_ROUTES.dictData} id={dictId} searchParams={searchParams} />;
}
