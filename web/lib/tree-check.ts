/**
 * The checkable trees of the role dialogs (menus, departments). "Linked" is RuoYi's checkStrictly
 * flag on the role (menuCheckStrictly / deptCheckStrictly true): checking a node checks its subtree
 * and a parent is checked when all its children are; otherwise every node is checked on its own.
 */

export interface TreeNode {
  id: number;
  label: string;
  disabled?: boolean | null;
  children?: TreeNode[] | null;
}

export function walk(nodes: readonly TreeNode[], visit: (node: TreeNode, parent: TreeNode | null) => void) {
  const step = (list: readonly TreeNode[], parent: TreeNode | null) => {
    for (const node of list) {
      visit(node, parent);
      if (node.children?.length) step(node.children, node);
    }
  };
  step(nodes, null);
}

export function allIds(nodes: readonly TreeNode[]): number[] {
  const ids: number[] = [];
  walk(nodes, (node) => ids.push(node.id));
  return ids;
}

/** Ids of the nodes that have children: every one of them expanded is "expand all". */
export function parentIds(nodes: readonly TreeNode[]): number[] {
  const ids: number[] = [];
  walk(nodes, (node) => node.children?.length && ids.push(node.id));
  return ids;
}

function subtreeIds(node: TreeNode): number[] {
  return [node.id, ...allIds(node.children ?? [])];
}

function findNode(nodes: readonly TreeNode[], id: number): TreeNode | undefined {
  let found: TreeNode | undefined;
  walk(nodes, (node) => {
    if (node.id === id) found = node;
  });
  return found;
}

/** Parents checked exactly when all their children are (bottom-up). */
function settleParents(nodes: readonly TreeNode[], checked: Set<number>): Set<number> {
  const settle = (node: TreeNode): boolean => {
    if (!node.children?.length) return checked.has(node.id);
    const states = node.children.map(settle);
    if (states.every(Boolean)) checked.add(node.id);
    else checked.delete(node.id);
    return checked.has(node.id);
  };
  nodes.forEach(settle);
  return checked;
}

export function toggleNode(nodes: readonly TreeNode[], checked: ReadonlySet<number>, id: number, value: boolean,
  linked: boolean): Set<number> {
  const next = new Set(checked);
  const node = findNode(nodes, id);
  if (!node) return next;
  const ids = linked ? subtreeIds(node) : [id];
  for (const item of ids) {
    if (value) next.add(item);
    else next.delete(item);
  }
  return linked ? settleParents(nodes, next) : next;
}

/** Checked keys from the server: when linked it reports leaves only, so subtrees and parents follow. */
export function initialChecked(nodes: readonly TreeNode[], keys: readonly number[], linked: boolean): Set<number> {
  if (!linked) return new Set(keys);
  let checked = new Set<number>();
  for (const key of keys) checked = toggleNode(nodes, checked, key, true, true);
  return checked;
}

/** Unchecked nodes with some checked descendant (shown half-checked when linked). */
export function halfChecked(nodes: readonly TreeNode[], checked: ReadonlySet<number>): Set<number> {
  const half = new Set<number>();
  const visit = (node: TreeNode): boolean => {
    const below = (node.children ?? []).map(visit).some(Boolean);
    if (!checked.has(node.id) && below) half.add(node.id);
    return checked.has(node.id) || below;
  };
  nodes.forEach(visit);
  return half;
}

/** What the role is saved with: checked plus half-checked when linked (RuoYi's getAllCheckedKeys). */
export function keysToSave(nodes: readonly TreeNode[], checked: ReadonlySet<number>, linked: boolean): number[] {
  const keys = new Set(checked);
  if (linked) for (const id of halfChecked(nodes, checked)) keys.add(id);
  return allIds(nodes).filter((id) => keys.has(id));
}

/** Every node checked or none ("全选/全不选"). */
export function checkAll(nodes: readonly TreeNode[], value: boolean): Set<number> {
  return value ? new Set(allIds(nodes)) : new Set();
}

/** The tree cut down to nodes whose label contains the text, with their ancestors. */
export function filterTree(nodes: readonly TreeNode[], text: string): TreeNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const keep = (node: TreeNode): TreeNode | null => {
    if (node.label.toLowerCase().includes(needle)) return node;
    const children = (node.children ?? []).map(keep).filter((child): child is TreeNode => child !== null);
    return children.length ? { ...node, children } : null;
  };
  return nodes.map(keep).filter((node): node is TreeNode => node !== null);
}
