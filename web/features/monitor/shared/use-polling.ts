"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { RequestError } from "@/lib/request";

/**
 * A BFF screen read (`read`: stable, e.g. declared at module level) repeated every `interval` ms while the page is visible. A failed call (already
 * told to the user by the request layer) pauses the polling until `resume` is called, so that an
 * outage does not raise a toast every few seconds.
 */
export function usePolling<T>(read: () => Promise<{ data: T }>, initial: T, interval: number) {
  const [data, setData] = useState<T>(initial);
  const [updatedAt, setUpdatedAt] = useState(() => new Date());
  const [paused, setPaused] = useState(false);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const load = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      const { data: next } = await read();
      setData(next);
      setUpdatedAt(new Date());
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      setPaused(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [read]);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, interval);
    return () => window.clearInterval(timer);
  }, [paused, interval, load]);

  const resume = useCallback(() => {
    setPaused(false);
    void load();
  }, [load]);

  return { data, updatedAt, paused, loading, resume };
}
