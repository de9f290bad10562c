"use client";

import { LoaderCircleIcon, RotateCcwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * What an embedded page (pool page, API docs) shows before its frame: a spinner while its ticket is
 * fetched, or the failure with a retry. `testId` prefixes the test ids: `{testId}-loading`,
 * `{testId}-failed`, `{testId}-retry`.
 */
export function FrameStatus({
  testId,
  failed,
  onRetry,
  labels,
}: {
  testId: string;
  failed: boolean;
  onRetry: () => void;
  labels: { opening: string; failed: string; retry: string };
}) {
  if (failed) {
    return (
      <div data-testid={`${testId}-failed`} className="flex flex-col items-center gap-3 p-8 text-sm text-muted-foreground">
        {labels.failed}
        <Button size="sm" variant="outline" data-testid={`${testId}-retry`} onClick={onRetry}>
          <RotateCcwIcon />
          {labels.retry}
        </Button>
      </div>
    );
  }
  return (
    <div data-testid={`${testId}-loading`} className="flex items-center justify-center gap-2 p-8 text-sm text-primary">
      <LoaderCircleIcon className="size-5 animate-spin" />
      {labels.opening}
    </div>
  );
}
