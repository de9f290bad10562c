/** The unread badge text: nothing at 0, capped at '99+'. */
export function badgeText(count: number): string {
  if (count <= 0) return "";
  return count > 99 ? "99+" : String(count);
}
