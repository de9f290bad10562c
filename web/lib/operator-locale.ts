/** Server side only: the operator's interface language, read from the cookie that the language menu sets. */
import { cookies } from "next/headers";
import { type Locale, toLocale } from "@/lib/i18n";
import { LOCALE_COOKIE } from "@/lib/settings";

/** The UI's own texts (i18n/request.ts) and the BFF's answers (lib/bff.ts) follow this one language; outside a
 * request (no cookies to read) the default language. */
export async function operatorLocale(): Promise<Locale> {
  let value: string | undefined;
  try {
    value = (await cookies()).get(LOCALE_COOKIE)?.value;
  } catch {
    value = undefined;
  }
  return toLocale(value);
}
