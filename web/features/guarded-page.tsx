import { redirect } from "next/navigation";
import { NotBuilt } from "@/components/not-built";
import { StatusPage } from "@/components/status-page";
import { type ViewProps, views } from "@/features/registry";
import { hasPermi } from "@/lib/permission";
import { loadConsoleSession } from "@/lib/session";
import type { GuardedRoute } from "@/lib/static-routes";
import { isNumericId } from "@/lib/validate";

/** A hidden page of spec §2.2: numeric id checked, then its permission, on the server. */
export async function GuardedPage({ route, id, searchParams }: { route: GuardedRoute } & ViewProps) {
  if (route.pattern.includes(":id") && !isNumericId(id)) redirect("/404");
  const session = await loadConsoleSession();
  if (!hasPermi(session, route.permission)) return <StatusPage code="401" inShell />;
  const View = views[route.view];
  if (!View) return <NotBuilt title={route.title} viewPath={route.view} />;
  return <View id={id} searchParams={searchParams} />;
}
