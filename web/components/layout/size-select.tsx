"use client";

import { TypeIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { NavbarChoice } from "@/components/layout/navbar-choice";
import { useLayout } from "@/components/layout/settings-provider";
import { type Size, SIZES } from "@/lib/settings";

/** Default / Medium / Small / Mini; a change re-renders the page through /redirect. */
export function SizeSelect() {
  const t = useTranslations("navbar");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const { size, setSize } = useLayout();

  const change = (value: Size) => {
    setSize(value);
    toast.success(t("sizeSwitched"));
    router.replace(`/redirect${pathname}${search ? `?${search}` : ""}`);
  };

  return (
    <NavbarChoice
      testId="size-select"
      label={t("size")}
      icon={<TypeIcon className="size-[18px]" />}
      className="hidden md:flex"
      value={size}
      options={SIZES.map((value) => ({ value, label: t(`sizes.${value}`) }))}
      onChange={change}
    />
  );
}
