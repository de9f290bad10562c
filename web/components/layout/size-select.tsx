"use client";

import { TypeIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { useLayout } from "@/components/layout/settings-provider";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type Size, SIZES } from "@/lib/settings";

/** Default / Medium / Small / Mini; a change re-renders the page through /redirect. */
export function SizeSelect() {
  const t = useTranslations("navbar");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const { size, setSize } = useLayout();

  const change = (value: string) => {
    setSize(value as Size);
    toast.success(t("sizeSwitched"));
    router.replace(`/redirect${pathname}${search ? `?${search}` : ""}`);
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="size-select"
        aria-label={t("size")}
        className="hidden h-full items-center px-2 text-muted-foreground hover:text-foreground md:flex"
      >
        <TypeIcon className="size-[18px]" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={size} onValueChange={change}>
          {SIZES.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} data-testid={`size-${value}`}>
              {t(`sizes.${value}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
