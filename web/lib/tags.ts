/** The visited-page tabs (tagsView) as pure list operations; affix tabs are never closed. */
import { HOME_PATH, HOME_TITLE } from "@/lib/static-routes";

export interface VisitedView {
  /** the path without its query: one tab per path */
  path: string;
  /** path and query, where the tab leads */
  fullPath: string;
  title: string;
  affix?: boolean;
}

export const HOME_VIEW: VisitedView = { path: HOME_PATH, fullPath: HOME_PATH, title: HOME_TITLE, affix: true };

/** Adds a visited page, or refreshes its query and title when it already has a tab. */
export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((item) => item.path === view.path);
  if (index === -1) return [...views, view];
  const current = views[index];
  if (current.fullPath === view.fullPath && current.title === view.title) return [...views];
  const next = [...views];
  next[index] = { ...current, fullPath: view.fullPath, title: view.title };
  return next;
}

export function closeView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((item) => item.affix || item.path !== path);
}

export function closeOthers(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((item) => item.affix || item.path === path);
}

export function closeLeft(views: readonly VisitedView[], path: string): VisitedView[] {
  const index = views.findIndex((item) => item.path === path);
  return views.filter((item, i) => item.affix || i >= index);
}

export function closeRight(views: readonly VisitedView[], path: string): VisitedView[] {
  const index = views.findIndex((item) => item.path === path);
  return views.filter((item, i) => item.affix || index === -1 || i <= index);
}

export function closeAll(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((item) => item.affix);
}

/** Where to go when the active tab disappeared: the newest remaining tab, else Home. */
export function lastViewPath(views: readonly VisitedView[]): string {
  return views.at(-1)?.fullPath ?? HOME_VIEW.fullPath;
}
