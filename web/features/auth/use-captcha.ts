"use client";

import { useCallback, useEffect, useState } from "react";
import type { CaptchaData } from "@/lib/api/types";
import { CAPTCHA_TIMEOUT } from "@/lib/outcome";
import { request } from "@/lib/request";

export interface Captcha {
  enabled: boolean;
  image?: string;
  uuid?: string;
  refresh: () => void;
}

/** The captcha image (GET /bff/auth/captcha, 20 s); disabled when the server says so. */
export function useCaptcha(): Captcha {
  const [data, setData] = useState<CaptchaData>({ captchaEnabled: false });

  const refresh = useCallback(() => {
    request<CaptchaData>("auth/captcha", { timeout: CAPTCHA_TIMEOUT })
      .then((body) => body.data && setData(body.data))
      .catch(() => undefined); // the request layer has already shown the failure
  }, []);

  useEffect(refresh, [refresh]);

  return {
    enabled: data.captchaEnabled,
    image: data.img ? `data:image/png;base64,${data.img}` : undefined,
    uuid: data.uuid ?? undefined,
    refresh,
  };
}
