"use client";

import { useEffect, useState } from "react";

/**
 * The full record of a list row, fetched when its dialog opens (the list leaves out the long fields).
 * A refusal (told to the user by the request layer) closes the dialog.
 */
export function useDetail<T>(id: number | null, read: (id: number) => Promise<{ data: T }>, onFailure: () => void) {
  const [state, setState] = useState<{ id: number; data: T } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    read(id)
      .then(({ data }) => live && setState({ id, data }))
      .catch(() => live && onFailure());
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only for another record
  }, [id]);
  return id !== null && state?.id === id ? state.data : null;
}
