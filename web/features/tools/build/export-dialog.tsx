"use client";

import { CopyIcon, DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export interface ExportFile {
  title: string;
  fileName: string;
  type: string;
  text: string;
}

function save(file: ExportFile) {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The exported JSON or React source: shown as text, to copy or download. */
export function ExportDialog({ file, onClose }: { file: ExportFile | null; onClose: () => void }) {
  const t = useTranslations("tools.build");
  const copy = async () => {
    if (!file) return;
    try {
      await navigator.clipboard.writeText(file.text);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  };
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="build-export" className="max-h-[90vh] sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{file?.title}</DialogTitle>
          <DialogDescription data-testid="export-file-name">{file?.fileName}</DialogDescription>
        </DialogHeader>
        <pre data-testid="export-code" className="max-h-[60vh] overflow-auto rounded bg-muted p-3 font-mono text-xs leading-5">{file?.text}</pre>
        <div className="flex justify-end gap-2">
          <Button variant="outline" data-testid="export-copy" onClick={copy}><CopyIcon />{t("copy")}</Button>
          <Button data-testid="export-download" onClick={() => file && save(file)}><DownloadIcon />{t("download")}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
