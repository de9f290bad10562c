"use client";

import { LoaderCircleIcon, PaperclipIcon, UploadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { countError, FILE_LIMIT, fileUrl, joinFiles, splitFiles, storedPath, uploadError } from "@/lib/files";
import { upload } from "@/lib/request";

/** The name a stored address shows: its last part. */
function displayName(path: string): string {
  const clean = path.split("?")[0];
  return decodeURIComponent(clean.slice(clean.lastIndexOf("/") + 1)) || path;
}

/**
 * File upload of the kit (spec §2.9, §5, §9): 选取文件, the size and type tip, the uploaded files each
 * opening in a new tab with 删除; value is one comma-joined string of stored paths (the API base
 * stripped). At most 5 files of 5 MB, doc xls ppt txt pdf by default.
 */
export function FileUpload({
  value,
  onChange,
  limit = FILE_LIMIT.count,
  sizeMb = FILE_LIMIT.sizeMb,
  types = FILE_LIMIT.types,
  showTip = true,
  disabled = false,
  testId = "file-upload",
}: {
  value: string;
  onChange: (value: string) => void;
  limit?: number;
  sizeMb?: number;
  types?: readonly string[];
  showTip?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useTranslations("fileUpload");
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const paths = splitFiles(value).map(storedPath);

  const pick = async (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = "";
    if (!chosen.length) return;
    const tooMany = countError(paths.length, chosen.length, limit);
    if (tooMany) return toast.error(tooMany);
    for (const file of chosen) {
      const refused = uploadError(file, { types, sizeMb });
      if (refused) return toast.error(refused);
    }
    setUploading(true);
    const added: string[] = [];
    let failed = false;
    for (const file of chosen) {
      const form = new FormData();
      form.append("file", file);
      try {
        const body = await upload("api/common/upload", form);
        const stored = typeof body.fileName === "string" ? storedPath(body.fileName) : "";
        if (stored) added.push(stored);
        else failed = true;
      } catch {
        failed = true;
      }
    }
    setUploading(false);
    if (added.length) onChange(joinFiles([...paths, ...added]));
    if (failed) toast.error(t("uploadFailed"));
    else toast.success(t("uploaded"));
  };

  return (
    <div data-testid={testId} className="flex flex-col gap-2">
      {paths.length < limit && (
        <div className="flex items-center gap-3">
          <Button
            type="button"
            size="sm"
            data-testid={`${testId}-choose`}
            disabled={disabled || uploading}
            onClick={() => input.current?.click()}
          >
            {uploading ? <LoaderCircleIcon className="size-4 animate-spin" /> : <UploadIcon className="size-4" />}
            {uploading ? t("uploading") : t("choose")}
          </Button>
          <input
            ref={input}
            type="file"
            data-testid={`${testId}-input`}
            accept={types.map((type) => `.${type}`).join(",")}
            multiple={limit > 1}
            className="hidden"
            onChange={(event) => void pick(event.target.files)}
          />
        </div>
      )}
      {showTip && (
        <p data-testid={`${testId}-tip`} className="text-xs text-muted-foreground">
          {t("tip", { size: sizeMb, types: types.join("/") })}
        </p>
      )}
      {paths.length > 0 && (
        <ul className="flex flex-col gap-1">
          {paths.map((path) => (
            <li key={path} data-testid="file-item" data-path={path} className="flex items-center justify-between gap-3 rounded border px-2 py-1 text-sm hover:bg-muted/50">
              <a
                href={fileUrl(path)}
                target="_blank"
                rel="noreferrer noopener"
                className="flex min-w-0 items-center gap-1 text-primary hover:underline"
              >
                <PaperclipIcon className="size-3.5 shrink-0" />
                <span className="truncate">{displayName(path)}</span>
              </a>
              {!disabled && (
                <button
                  type="button"
                  data-testid="file-delete"
                  className="shrink-0 text-xs text-destructive hover:underline"
                  onClick={() => onChange(joinFiles(paths.filter((item) => item !== path)))}
                >
                  {t("delete")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
