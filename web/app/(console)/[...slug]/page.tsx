import { redirect } from "next/navigation";
import { InnerLink } from "@/components/inner-link";
import { type ViewProps, views } from "@/features/registry";
import { ResourceScreen } from "@/features/resources/resource-screen";
import { findRoute, flattenRoutes, INNER_LINK } from "@/lib/routes";
import { loadConsoleSession } from "@/lib/session";

/** Any menu page: the URL is resolved against the user's routers and its view path rendered. */
export default async function MenuPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string[] }>;
  searchParams: ViewProps["searchParams"];
}) {
  const { slug } = await params;
  const session = await loadConsoleSession();
  const entry = findRoute(flattenRoutes(session.routers), `/${slug.join("/")}`);
  if (!entry) redirect("/404");
  if (entry.component === INNER_LINK) return <InnerLink src={entry.link} />;
  const View = views[entry.component];
  // no screen of its own: a declared business resource's generic screen, or the "not built yet" panel
  if (!View) return <ResourceScreen view={entry.component} title={entry.title} searchParams={searchParams} />;
  return <View searchParams={searchParams} />;
}
