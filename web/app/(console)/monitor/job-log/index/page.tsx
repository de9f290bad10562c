import { GuardedPage } from "@/features/guarded-page";
import type { ViewProps } from "@/features/registry";
import { GUARDED_ROUTES } from "@/lib/static-routes";

export default function Page({ searchParams }: { searchParams: ViewProps["searchParams"] }) {
  return <GuardedPage route={GUARDED_ROUTES.jobLog} searchParams={searchParams} />;
}
