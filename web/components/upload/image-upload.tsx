"use client";

import { EyeIcon, ImageOffIcon, LoaderCircleIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { countError, fileUrl, IMAGE_LIMIT, joinFiles, splitFiles, uploadError } from "@/lib/files";
import { upload } from "@/lib/request";

/** An image by its stored path through /files; a placeholder icon when it fails to load. */
export function StoredImage({ path, alt, className }: { path: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !path) {
    return (
      <span className={`flex items-center justify-center bg-muted text-muted-foreground ${className ?? ""}`}>
        <ImageOffIcon className="size-6" />
      </span>
    );
  }
  return <img src={fileUrl(path)} alt={alt} className={className} onError={() => setFailed(true)} />;
}

/**
 * Picture-card image upload (spec §2.9, §5, §9): value is one comma-joined string of stored paths;
 * the add card hides at the limit; 预览 dialog; 上传中 overlay while uploading.
 */
export function ImageUpload({
  value,
  onChange,
  limit = IMAGE_LIMIT.count,
  sizeMb = IMAGE_LIMIT.sizeMb,
  types = IMAGE_LIMIT.types,
  testId = "image-upload",
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  limit?: number;
  sizeMb?: number;
  types?: readonly string[];
  testId?: string;
  /** what the pictures are ("图片 红色/XL"): names the add button and each tile for a screen reader */
  label?: string;
}) {
  const t = useTranslations("upload");
  const named = label ?? t("image");
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const paths = splitFiles(value);

  const pick = async (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = "";
    if (!chosen.length) return;
    const tooMany = countError(paths.length, chosen.length, limit);
    if (tooMany) return toast.error(tooMany);
    for (const file of chosen) {
      const refused = uploadError(file, { types, sizeMb, image: true });
      if (refused) return toast.error(refused);
    }
    setUploading(true);
    const added: string[] = [];
    try {
      for (const file of chosen) {
        const form = new FormData();
        form.append("file", file);
        const body = await upload("/common/upload", form);
        const stored = typeof body.fileName === "string" ? body.fileName : "";
        if (!stored) {
          toast.warning(t("noAddress"));
          continue;
        }
        added.push(stored);
      }
      if (added.length) toast.success(t("uploaded"));
    } catch {
      toast.error(t("uploadFailed"));
    } finally {
      setUploading(false);
      if (added.length) onChange(joinFiles([...paths, ...added]));
    }
  };

  return (
    <div data-testid={testId} className="flex flex-wrap gap-2">
      {paths.map((path, index) => {
        const tile = paths.length > 1 ? `${named} ${index + 1}` : named;
        return (
        <div key={path} data-testid="image-card" data-path={path} className="group relative size-24 overflow-hidden rounded-md border">
          <StoredImage path={path} alt={tile} className="size-full object-cover" />
          <div className="absolute inset-0 flex items-center justify-center gap-3 bg-black/50 text-white opacity-0 group-hover:opacity-100 focus-within:opacity-100">
            <button type="button" aria-label={`${t("preview")} ${tile}`} data-testid="image-preview" onClick={() => setPreview(path)}>
              <EyeIcon className="size-4" />
            </button>
            <button
              type="button"
              aria-label={`${t("delete")} ${tile}`}
              data-testid="image-delete"
              onClick={() => onChange(joinFiles(paths.filter((item) => item !== path)))}
            >
              <Trash2Icon className="size-4" />
            </button>
          </div>
        </div>
        );
      })}
      {uploading && (
        <div data-testid="image-uploading" className="flex size-24 flex-col items-center justify-center gap-1 rounded-md border bg-muted text-xs text-muted-foreground">
          <LoaderCircleIcon className="size-5 animate-spin" />
          {t("uploading")}
        </div>
      )}
      {paths.length < limit && !uploading && (
        <button
          type="button"
          data-testid="image-add"
          aria-label={label ? `${t("addImage")}：${label}` : t("addImage")}
          onClick={() => input.current?.click()}
          className="flex size-24 items-center justify-center rounded-md border border-dashed text-muted-foreground hover:border-primary hover:text-primary"
        >
          <PlusIcon className="size-6" />
        </button>
      )}
      <input
        ref={input}
        type="file"
        data-testid={`${testId}-input`}
        accept={types.map((type) => `.${type}`).join(",") || "image/*"}
        multiple={limit > 1}
        className="hidden"
        onChange={(e) => pick(e.target.files)}
      />
      <Dialog open={preview !== null} onOpenChange={(open) => !open && setPreview(null)}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t("preview")}</DialogTitle>
            <DialogDescription className="sr-only">{t("preview")}</DialogDescription>
          </DialogHeader>
          {preview && <StoredImage path={preview} alt="" className="mx-auto max-h-[70vh] max-w-full" />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
