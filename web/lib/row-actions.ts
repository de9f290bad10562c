/**
 * A row's operations (修改, 删除, 重置密码, ...): at most `inline` of the permitted ones are shown in the row,
 * the rest go under 更多. Left-out entries (false, null: an action the row does not offer) and the ones the
 * operator lacks the permission of are dropped before the split, so 更多 never holds what cannot be done
 * and a row never shows 更多 for a single action.
 */
export interface ActionPermission {
  perms?: string | readonly string[];
}

export const INLINE_ACTIONS = 3;

export function splitActions<A extends ActionPermission>(
  actions: readonly (A | false | null | undefined)[],
  allowed: (perms: string | readonly string[]) => boolean,
  inline = INLINE_ACTIONS,
): { inline: A[]; more: A[] } {
  const permitted = actions.filter((action): action is A => !!action && (action.perms === undefined || allowed(action.perms)));
  if (permitted.length <= inline) return { inline: permitted, more: [] };
  return { inline: permitted.slice(0, inline), more: permitted.slice(inline) };
}
