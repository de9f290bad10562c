"use client";

import { ShieldCheckIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import type { Captcha } from "./use-captcha";

/** The captcha answer and its image; clicking the image fetches a new one. */
export function CaptchaField({ captcha, ...input }: { captcha: Captcha } & ComponentProps<typeof Input>) {
  const t = useTranslations("login");
  return (
    <div className="flex gap-2">
      <div className="relative flex-1">
        <ShieldCheckIcon className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
        <Input data-testid="login-code" placeholder={t("code")} autoComplete="off" className="pl-9" {...input} />
      </div>
      <button
        type="button"
        data-testid="login-captcha"
        onClick={captcha.refresh}
        title={t("refreshCaptcha")}
        className="h-9 w-[110px] shrink-0 overflow-hidden rounded-md border bg-muted"
      >
        {captcha.image && (
          <img src={captcha.image} alt={t("captcha")} className="h-full w-full object-cover" />
        )}
      </button>
    </div>
  );
}
