"use client";

import { useEffect, useState } from "react";
import { RequestError } from "@/lib/request";

/**
 * A one-time ticket that opens a page of the core in a frame (the pool page, the API documentation),
 * asked for when the screen opens and again on `retry`. `ticket` is null while asking or after a
 * refusal (`failed`: told to the user by the request layer).
 */
export function useTicket(issue: () => Promise<{ data: { ticket: string } }>) {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ attempt: number; ticket: string | null }>({ attempt: -1, ticket: null });
  useEffect(() => {
    let live = true;
    issue().then(
      ({ data }) => live && setOutcome({ attempt, ticket: data.ticket || null }),
      (error: unknown) => {
        if (!(error instanceof RequestError)) throw error;
        if (live) setOutcome({ attempt, ticket: null });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only on retry
  }, [attempt]);
  const settled = outcome.attempt === attempt;
  return { ticket: settled ? outcome.ticket : null, failed: settled && !outcome.ticket, retry: () => setAttempt((n) => n + 1) };
}
