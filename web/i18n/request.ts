import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { toLocale } from "@/lib/i18n";
import { LOCALE_COOKIE } from "@/lib/settings";

export default getRequestConfig(async () => {
  const locale = toLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  return {
    locale,
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
