"use client";

import { CameraIcon, UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type PointerEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  centredOffset,
  clampOffset,
  coverScale,
  cropSource,
  type ImageSize,
  MAX_ZOOM,
  MIN_ZOOM,
  outputSize,
  type Point,
  zoomAround,
} from "./crop";
import { fileUrl, uploadError } from "@/lib/files";
import { upload } from "@/lib/request";

const BOX = 240;
const AVATAR_RULE = { types: ["bmp", "gif", "jpg", "jpeg", "png"], sizeMb: 5, image: true, avatar: true } as const;

interface Loaded {
  image: HTMLImageElement;
  size: ImageSize;
}

/** The avatar: click to choose an image, crop a square (drag, zoom), and upload what the canvas draws. */
export function AvatarEditor({ avatar, name }: { avatar: string; name: string }) {
  const t = useTranslations("profile");
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [saving, setSaving] = useState(false);
  const drag = useRef<{ start: Point; from: Point } | null>(null);
  const scale = loaded ? coverScale(loaded.size, BOX) * zoom : 1;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const refused = uploadError(file, AVATAR_RULE);
    if (refused) return toast.error(refused);
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const size = { width: image.naturalWidth, height: image.naturalHeight };
      setLoaded({ image, size });
      setZoom(MIN_ZOOM);
      setOffset(centredOffset(size, coverScale(size, BOX), BOX));
    };
    image.onerror = () => toast.error(t("imageUnreadable"));
    image.src = url;
  };
  const onZoom = (next: number) => {
    if (!loaded) return;
    const base = coverScale(loaded.size, BOX);
    setOffset(zoomAround(offset, loaded.size, base * zoom, base * next, BOX));
    setZoom(next);
  };
  const onPointerDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: { x: event.clientX, y: event.clientY }, from: offset };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current || !loaded) return;
    const { start, from } = drag.current;
    setOffset(clampOffset({ x: from.x + event.clientX - start.x, y: from.y + event.clientY - start.y }, loaded.size, scale, BOX));
  };
  const submit = async () => {
    if (!loaded) return;
    const { sx, sy, size } = cropSource(offset, scale, BOX);
    const side = outputSize(size);
    const canvas = document.createElement("canvas");
    canvas.width = side;
    canvas.height = side;
    canvas.getContext("2d")?.drawImage(loaded.image, sx, sy, size, size, 0, 0, side, side);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) return toast.error(t("imageUnreadable"));
    const form = new FormData();
    form.append("avatarfile", blob, "avatar.png");
    setSaving(true);
    try {
      await upload("/system/user/profile/avatar", form);
      toast.success(t("avatarSaved"));
      setOpen(false);
      setLoaded(null);
      router.refresh();
    } catch {
      // the request layer has told the user
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <button type="button" data-testid="avatar-edit" onClick={() => setOpen(true)} className="group relative mx-auto rounded-full" aria-label={t("changeAvatar")}>
        <Avatar className="size-24 rounded-full">
          {avatar && <AvatarImage data-testid="profile-avatar" src={fileUrl(avatar)} alt={name} />}
          <AvatarFallback className="text-3xl">{name.slice(0, 1).toUpperCase()}</AvatarFallback>
        </Avatar>
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40 text-white opacity-0 group-hover:opacity-100">
          <CameraIcon className="size-6" />
        </span>
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent data-testid="avatar-dialog" className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{t("changeAvatar")}</DialogTitle>
            <DialogDescription className="sr-only">{t("changeAvatar")}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col items-center gap-3">
            <div
              data-testid="avatar-crop"
              className="relative touch-none overflow-hidden rounded-md border bg-muted"
              style={{ width: BOX, height: BOX, cursor: loaded ? "move" : "default" }}
              onPointerDown={loaded ? onPointerDown : undefined}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = null)}
            >
              {loaded ? (
                <img
                  src={loaded.image.src}
                  alt=""
                  draggable={false}
                  className="pointer-events-none absolute max-w-none select-none"
                  style={{ left: offset.x, top: offset.y, width: loaded.size.width * scale, height: loaded.size.height * scale }}
                />
              ) : (
                <span className="flex size-full items-center justify-center text-sm text-muted-foreground">{t("chooseImage")}</span>
              )}
              <span className="pointer-events-none absolute inset-0 rounded-full ring-[999px] ring-black/30" />
            </div>
            <input
              type="range"
              aria-label={t("zoom")}
              data-testid="avatar-zoom"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.05}
              value={zoom}
              disabled={!loaded}
              onChange={(e) => onZoom(Number(e.target.value))}
              className="w-60"
            />
            <input ref={input} type="file" data-testid="avatar-file" accept="image/*" className="hidden" onChange={(e) => choose(e.target.files?.[0])} />
            <div className="flex gap-2">
              <Button variant="outline" data-testid="avatar-choose" onClick={() => input.current?.click()}>
                <UploadIcon />
                {t("chooseImage")}
              </Button>
              <Button data-testid="avatar-submit" disabled={!loaded || saving} onClick={submit}>
                {t("submit")}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
