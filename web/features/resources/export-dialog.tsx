"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { answer, core, saveAs } from "@/lib/api/core";
import { RequestError } from "@/lib/request";
import { type ExportProgress, exportRunning } from "./logic";

/** A background export being built: its progress bar, then its download (also in the message centre). */
export function ExportDialog({ jobId, title, onClose }: { jobId: number | null; title: string; onClose: () => void }) {
  const t = useTranslations("resource.export");
  // the progress of the job it was read for: a new job shows none until its first answer
  const [read, setRead] = useState<{ jobId: number; progress: ExportProgress } | null>(null);
  const progress = read !== null && read.jobId === jobId ? read.progress : null;
  useEffect(() => {
    if (jobId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { data } = await answer(core.GET("/admin/exports/{id}", { params: { path: { id: jobId } } }));
        if (stopped) return;
        setRead({ jobId, progress: data });
        if (exportRunning(data)) timer = setTimeout(() => void poll(), 1000);
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId]);
  const percent = progress?.percent ?? 0;
  return (
    <Dialog open={jobId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="export-progress" data-job-id={jobId ?? undefined} data-status={progress?.status ?? "queued"} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("title", { title })}</DialogTitle>
          <DialogDescription>{t("hint")}</DialogDescription>
        </DialogHeader>
        <Progress value={percent} aria-label={t("title", { title })} />
        <p data-testid="export-progress-figure" className="text-sm text-muted-foreground">
          {progress?.status === "failed" ? t("failed") : t("figure", { done: progress?.done ?? 0, total: progress?.total ?? 0, percent })}
        </p>
        {progress?.status === "done" && (
          <Button data-testid="export-download" onClick={() => void saveAs(core.GET("/admin/exports/{id}/download", { params: { path: { id: progress.jobId } }, parseAs: "stream" }), progress.fileName)}>
            {t("download")}
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
