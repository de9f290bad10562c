/** Pagination of spec §2.8/§9: page 1 and 20 rows by default, sizes 10/20/30/50, a pager of 5 or 7 buttons. */

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const MOBILE_WIDTH = 992;
export const SCROLL_TOP_DURATION = 800;

/** 5 pager buttons below 992 px of width, else 7. */
export function pagerCountFor(width: number): number {
  return width < MOBILE_WIDTH ? 5 : 7;
}

export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), Math.max(1, pages));
}

export type PagerItem = number | "prev-more" | "next-more";

/**
 * The buttons of a pager (Element UI's rule): the first and last page always, the current one in the
 * middle of at most `pagerCount` buttons, and '…' jumps where pages are left out.
 */
export function pagerItems(current: number, pages: number, pagerCount: number): PagerItem[] {
  if (pages <= pagerCount) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = (pagerCount - 1) / 2;
  const showPrevMore = current > pagerCount - half;
  const showNextMore = current < pages - half;
  const middle: number[] = [];
  if (showPrevMore && !showNextMore) {
    for (let page = pages - (pagerCount - 2); page < pages; page++) middle.push(page);
  } else if (!showPrevMore && showNextMore) {
    for (let page = 2; page < pagerCount; page++) middle.push(page);
  } else {
    const offset = Math.floor(pagerCount / 2) - 1;
    for (let page = current - offset; page <= current + offset; page++) middle.push(page);
  }
  return [
    1,
    ...(showPrevMore ? (["prev-more"] as const) : []),
    ...middle,
    ...(showNextMore ? (["next-more"] as const) : []),
    pages,
  ];
}

/** Where a '…' button jumps: five pages (pagerCount − 2) back or forward. */
export function moreTarget(item: "prev-more" | "next-more", current: number, pages: number, pagerCount: number) {
  const step = pagerCount - 2;
  return clampPage(item === "prev-more" ? current - step : current + step, pages);
}

/** After a page-size change, the page that keeps the first visible row in view. */
export function pageAfterSizeChange(page: number, oldSize: number, newSize: number, total: number): number {
  const firstRow = (page - 1) * oldSize;
  return clampPage(Math.floor(firstRow / newSize) + 1, pageCount(total, newSize));
}

/** easeInOutQuad, as RuoYi's scrollTo animates: t elapsed, b start, c change, d duration. */
export function easeInOutQuad(t: number, b: number, c: number, d: number): number {
  let x = t / (d / 2);
  if (x < 1) return (c / 2) * x * x + b;
  x -= 1;
  return (-c / 2) * (x * (x - 2) - 1) + b;
}

/** Scrolls the window to `to` in `duration` ms (the pagination's scroll to top). */
export function scrollWindowTo(to: number, duration = SCROLL_TOP_DURATION): void {
  const start = window.scrollY;
  const change = to - start;
  const began = performance.now();
  const step = (now: number) => {
    const elapsed = Math.min(now - began, duration);
    window.scrollTo(0, easeInOutQuad(elapsed, start, change, duration));
    if (elapsed < duration) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** The query of a page turn: one page on with the same size carries the cursor; any other turn drops it. */
export function pageTurn(current: { pageNum: number; pageSize: number }, next: { pageNum: number; pageSize: number }, after: string | null | undefined) {
  if (after === undefined) return next; // a list without cursors
  const onward = next.pageNum === current.pageNum + 1 && next.pageSize === current.pageSize;
  return { ...next, after: onward ? after : null };
}
