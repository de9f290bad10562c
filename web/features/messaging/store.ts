import { useCallback, useSyncExternalStore } from "react";

/** A small external store: the chat and the counts live outside React so the socket can feed them. */
export class Store<T extends object> {
  private listeners = new Set<() => void>();

  constructor(private state: T) {}

  get = (): T => this.state;

  set = (patch: Partial<T> | ((state: T) => Partial<T>)): void => {
    const next = typeof patch === "function" ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** What reading a store takes: its state and its changes (a store of a larger state reads as one of a part). */
export type Readable<T> = { get: () => T; subscribe: (listener: () => void) => () => void };

/** A part of a store's state; the selector must return the same value for the same state. */
export function useStore<T extends object, S>(store: Readable<T>, selector: (state: T) => S): S {
  const select = useCallback(() => selector(store.get()), [store, selector]);
  return useSyncExternalStore(store.subscribe, select, select);
}
