"use client";

import { useEffect, useState } from "react";
import { request } from "@/lib/request";

/**
 * The full record of a list row, fetched when its dialog opens (the list leaves out the long fields).
 * A refusal (told to the user by the request layer) closes the dialog.
 */
export function useDetail<T>(path: string | null, onFailure: () => void) {
  const [state, setState] = useState<{ path: string; data: T } | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    request<T>(path)
      .then(({ data }) => live && data !== undefined && setState({ path, data }))
      .catch(() => live && onFailure());
    return () => {
      live = false;
    };
  }, [path]);
  return path && state?.path === path ? state.data : null;
}
