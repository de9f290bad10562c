import { redirect } from "next/navigation";
import { InnerLink } from "@/components/inner-link";
import { NotBuilt } from "@/components/not-built";
import { type ViewProps, views } from "@/features/registry";
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
  if (!View) return <NotBuilt title={entry.title} viewPath={entry.component} />;
  return <View searchParams={searchParams} />;
}
