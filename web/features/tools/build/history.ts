/**
 * Undo and redo over immutable states: each change pushes the present into the past; a change
 * with the same merge key as the one before (typing in one property box) replaces it instead.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** the merge key of the last change */
  key: string | null;
}

export const HISTORY_LIMIT = 100;

export function start<T>(present: T): History<T> {
  return { past: [], present, future: [], key: null };
}

export function commit<T>(history: History<T>, next: T, key: string | null = null): History<T> {
  if (Object.is(next, history.present)) return history;
  if (key !== null && key === history.key) return { ...history, present: next, future: [] };
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], key };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], key: null };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...future] = history.future;
  return { past: [...history.past, history.present], present: next, future, key: null };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;

/** Ctrl/⌘-Z undoes, Ctrl/⌘-Shift-Z and Ctrl-Y redo; null for any other key. */
export function historyKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): "undo" | "redo" | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}
