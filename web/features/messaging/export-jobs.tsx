"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { answer, core, saveAs } from "@/lib/api/core";
import type { ExportProgress } from "@/features/resources/logic";
import { exportRunning } from "@/features/resources/logic";
import { RequestError } from "@/lib/request";

/** How often the entry reads the exports again while one of them is being built. */
export const EXPORT_POLL = 1000;

/**
 * The message centre's entry for the operator's own background exports of the last day (issue 28 §3): each with
 * the bar of its progress as the worker records it (rows written / total), read again every second while one runs,
 * and its download once ready. Nothing is shown without an export.
 */
export function ExportJobs() {
  const t = useTranslations("messageCenter.exports");
  const figure = useTranslations("resource.export");
  const [jobs, setJobs] = useState<ExportProgress[]>([]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const { data } = await answer(core.GET("/admin/exports"));
        if (stopped) return;
        setJobs(data);
        if (data.some((job) => exportRunning(job))) timer = setTimeout(() => void read(), EXPORT_POLL);
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  if (jobs.length === 0) return null;
  return (
    <section data-testid="export-jobs" aria-label={t("title")} className="border-b px-3 py-2">
      <h3 className="mb-1 text-xs font-medium text-muted-foreground">{t("title")}</h3>
      <ul className="flex flex-col gap-2">
        {jobs.map((job) => (
          <li key={job.jobId} data-testid="export-job" data-job-id={job.jobId} data-status={job.status} className="flex flex-col gap-1">
            <div className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate" title={job.fileName}>
                {job.fileName}
              </span>
              {job.status === "done" && (
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="export-job-download"
                  onClick={() => void saveAs(core.GET("/admin/exports/{id}/download", { params: { path: { id: job.jobId } }, parseAs: "stream" }), job.fileName)}
                >
                  {figure("download")}
                </Button>
              )}
            </div>
            {job.status !== "done" && (
              <>
                <Progress value={job.status === "failed" ? 0 : job.percent} aria-label={job.fileName} />
                <p data-testid="export-job-figure" className="text-xs text-muted-foreground">
                  {job.status === "failed" ? t("failed") : `${t("running")} · ${figure("figure", { done: job.done, total: job.total, percent: job.percent })}`}
                </p>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
