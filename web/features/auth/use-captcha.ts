"use client";

import { useCallback, useEffect, useState } from "react";
import type { CaptchaData } from "@/lib/api/types";
import { CAPTCHA_TIMEOUT } from "@/lib/outcome";
import { request } from "@/lib/request";

export interface Captcha {
  enabled: boolean;
  /** self-registration is open (config sys.account.registerUser); false until the server answered */
  registerEnabled: boolean;
  /** the server has answered once */
  loaded: boolean;
  image?: string;
  uuid?: string;
  refresh: () => void;
}

/** The captcha image (GET /bff/auth/captcha, 20 s); disabled when the server says so. */
export function useCaptcha(): Captcha {
  const [data, setData] = useState<CaptchaData>({ captchaEnabled: false });
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(() => {
    request<CaptchaData>("auth/captcha", { timeout: CAPTCHA_TIMEOUT })
      .then((body) => {
        if (!body.data) return;
        setData(body.data);
        setLoaded(true);
      })
      .catch(() => undefined); // the request layer has already shown the failure
  }, []);

  useEffect(refresh, [refresh]);

  return {
    enabled: data.captchaEnabled,
    registerEnabled: data.registerEnabled === true,
    loaded,
    image: data.img ? `data:image/png;base64,${data.img}` : undefined,
    uuid: data.uuid ?? undefined,
    refresh,
  };
}
