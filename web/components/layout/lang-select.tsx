"use client";

import { LanguagesIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LOCALES } from "@/lib/i18n";
import { LOCALE_COOKIE } from "@/lib/settings";

const LABELS: Record<(typeof LOCALES)[number], string> = { "zh-CN": "中文", en: "English" };

/** zh-CN / English, kept in a cookie that the server reads. */
export function LangSelect() {
  const t = useTranslations("navbar");
  const locale = useLocale();
  const router = useRouter();

  const change = (value: string) => {
    document.cookie = `${LOCALE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="lang-select"
        aria-label={t("language")}
        className="flex h-full items-center px-2 text-muted-foreground hover:text-foreground"
      >
        <LanguagesIcon className="size-[18px]" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={locale} onValueChange={change}>
          {LOCALES.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} data-testid={`lang-${value}`}>
              {LABELS[value]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
