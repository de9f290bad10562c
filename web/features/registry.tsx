import type { ReactNode } from "react";

/** What a registered view receives: the query, and the numeric id of a hidden page's address. */
export interface ViewProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
  id?: string;
}

export type View = (props: ViewProps) => ReactNode | Promise<ReactNode>;

/**
 * View path (the `component` of a getRouters node, e.g. 'system/user/index', or the view of a
 * hidden page in lib/static-routes.ts) → the screen that renders it. A page whose view path is
 * missing here shows the "not built yet" panel.
 * Each feature adds its screens here as they are written.
 */
export const views: Readonly<Record<string, View>> = {};
