"use client";

import { MaximizeIcon, MinimizeIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";

export function Screenfull() {
  const t = useTranslations("navbar");
  const [full, setFull] = useState(false);

  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      toast.warning(t("fullscreenUnsupported"));
      return;
    }
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  };

  const Icon = full ? MinimizeIcon : MaximizeIcon;
  return (
    <button
      type="button"
      data-testid="screenfull"
      aria-label={t("fullscreen")}
      onClick={toggle}
      className="hidden h-full items-center px-2 text-muted-foreground hover:text-foreground md:flex"
    >
      <Icon className="size-[18px]" />
    </button>
  );
}
