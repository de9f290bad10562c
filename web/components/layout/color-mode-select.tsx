"use client";

import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useColorMode } from "@/components/color-mode-provider";
import { NavbarChoice } from "@/components/layout/navbar-choice";
import { COLOR_MODES, parseColorMode } from "@/lib/theme";

/** The navbar's sun/moon: light, dark or the system's, in one click from every page. */
export function ColorModeSelect() {
  const t = useTranslations("navbar");
  const { mode, resolved, setMode } = useColorMode();
  const Icon = mode === "system" ? MonitorIcon : resolved === "dark" ? MoonIcon : SunIcon;
  return (
    <NavbarChoice
      testId="color-mode-select"
      optionTestId="color-mode"
      label={t("colorMode")}
      icon={<Icon className="size-[18px]" />}
      value={mode}
      options={COLOR_MODES.map((value) => ({ value, label: t(`colorModes.${value}`) }))}
      onChange={(value) => setMode(parseColorMode(value))}
    />
  );
}
