"use client";

import { FileSpreadsheetIcon, UploadCloudIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { PathsWithMethod } from "openapi-typescript-helpers";
import { type DragEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { TransferProgress } from "@/components/transfer-progress";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { components, paths as CorePaths } from "@/lib/api/core-types";
import { reportLines } from "@/lib/files";
import { isSuccessCode } from "@/lib/outcome";
import { upload } from "@/lib/request";
import type { Transfer } from "@/lib/transfer";
import { cn } from "@/lib/utils";

const ACCEPT = [".xlsx", ".xls"];

/**
 * An xlsx import: drag-and-drop or pick one file, the "update existing rows" box, the template
 * download, the upload's progress (bytes sent, then "processing" until the answer), then the server's per-row
 * report in its own dialog and, when it counted them, the rows imported in a toast.
 */
export function ImportDialog({
  open,
  onOpenChange,
  title,
  uploadPath,
  onTemplate,
  updateSupportLabel,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  uploadPath: PathsWithMethod<CorePaths, "post">;
  /** downloads the template */
  onTemplate: () => void;
  updateSupportLabel: string;
  onImported: () => void;
}) {
  const t = useTranslations("upload");
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<Transfer | null>(null);
  const [report, setReport] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const [error, setError] = useState("");

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!ACCEPT.some((ext) => chosen.name.toLowerCase().endsWith(ext))) {
      setError(t("importTypes"));
      return;
    }
    setError("");
    setFile(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const submit = async () => {
    if (!file) {
      setError(t("chooseFile"));
      return;
    }
    const form = new FormData();
    form.append("file", file);
    setProgress({ phase: "sending", name: file.name, loaded: 0, total: file.size });
    try {
      const body = await upload<Partial<components["schemas"]["ImportCount"]>>(uploadPath, form, {
        params: { updateSupport },
        onProgress: setProgress,
        acceptFailure: true,
        timeout: 600_000,
      });
      const ok = isSuccessCode(body.code);
      setReport({ ok, lines: reportLines(body.msg) });
      if (ok && typeof body.data?.rows === "number") toast.success(t("imported", { rows: body.data.rows }));
      onOpenChange(false);
      setFile(null);
      onImported();
    } catch {
      // the request layer has told the user
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent data-testid="import-dialog" className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="sr-only">{title}</DialogDescription>
          </DialogHeader>
          <button
            type="button"
            data-testid="import-drop"
            onClick={() => input.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              "flex h-40 flex-col items-center justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground hover:border-primary",
              dragging && "border-primary bg-primary/5",
            )}
          >
            <UploadCloudIcon className="size-10" />
            <span>
              {t("dragHere")} <em className="text-primary not-italic">{t("clickUpload")}</em>
            </span>
          </button>
          <input
            ref={input}
            type="file"
            data-testid="import-file"
            accept={ACCEPT.join(",")}
            className="hidden"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {file && (
            <p data-testid="import-file-name" className="flex items-center gap-2 text-sm">
              <FileSpreadsheetIcon className="size-4 text-success" />
              {file.name}
            </p>
          )}
          {error && <p className="text-sm text-destructive">{error}</p>}
          {progress !== null && <TransferProgress transfer={progress} />}
          <div className="flex flex-col items-center gap-2 text-sm">
            <label className="flex items-center gap-2">
              <Checkbox data-testid="import-update-support" checked={updateSupport} onCheckedChange={(v) => setUpdateSupport(v === true)} />
              {updateSupportLabel}
            </label>
            <span className="text-muted-foreground">
              {t("importTypes")}
              <button
                type="button"
                data-testid="import-template"
                className="ml-1 text-primary hover:underline"
                onClick={onTemplate}
              >
                {t("downloadTemplate")}
              </button>
            </span>
          </div>
          <div className="flex justify-end gap-2">
            <Button data-testid="import-submit" disabled={progress !== null} onClick={submit}>
              {t("confirm")}
            </Button>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <Dialog open={report !== null} onOpenChange={(value) => !value && setReport(null)}>
        <DialogContent data-testid="import-report" className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{t("importResult")}</DialogTitle>
            <DialogDescription className="sr-only">{t("importResult")}</DialogDescription>
          </DialogHeader>
          <div className={cn("max-h-[60vh] overflow-auto text-sm", report?.ok ? "text-foreground" : "text-destructive")}>
            {report?.lines.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
          <div className="flex justify-end">
            <Button onClick={() => setReport(null)}>{t("confirm")}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
