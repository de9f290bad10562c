import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { storagePublicBase } from "@/lib/security-headers";
import { LAYOUT_SETTING_KEY, parseSize, SIZE_COOKIE } from "@/lib/settings";
import { accessiblePrimary, COLOR_MODE_KEY } from "@/lib/theme";
import "./globals.css";

/**
 * Applies the colour mode (class "dark" when chosen, or by default when the system is dark), the theme
 * colour's accessible variants and the sidebar theme before the first paint.
 */
const PRE_PAINT = `try{var d=document.documentElement,m=localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)});if(m==="dark"||(m!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches))d.classList.add("dark");var s=JSON.parse(localStorage.getItem(${JSON.stringify(LAYOUT_SETTING_KEY)})||"{}");if(/^#[0-9a-fA-F]{6}$/.test(s.theme)){var v=(${accessiblePrimary.toString()})(s.theme);d.style.setProperty("--primary-light",v.light);d.style.setProperty("--primary-dark",v.dark);d.style.setProperty("--primary-sidebar",v.sidebar)}if(s.sideTheme==="light"||s.sideTheme==="dark")d.dataset.sideTheme=s.sideTheme}catch(e){}`;

/**
 * The window title before the console shell sets its own, and on pages without one (/404, /401): the
 * product name alone (spec §1). The web reads the same CONSOLE_PRODUCT_NAME as the core (default 密讯).
 */
export function generateMetadata(): Metadata {
  return { title: process.env.CONSOLE_PRODUCT_NAME || "密讯" };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const size = parseSize((await cookies()).get(SIZE_COOKIE)?.value);
  // proxy.ts's nonce: the page's policy runs only scripts that carry it
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // data-storage-base: the object store's public base, the only other place chat images may come from
    <html lang={locale} data-size={size} data-storage-base={storagePublicBase()} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRE_PAINT }} />
      </head>
      <body>
        <NextIntlClientProvider>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
