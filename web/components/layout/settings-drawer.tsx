"use client";

import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { useColorMode } from "@/components/color-mode-provider";
import { useLayout } from "@/components/layout/settings-provider";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Switch } from "@/components/ui/switch";
import { type LayoutSettings, type SideTheme, THEME_PRESETS } from "@/lib/settings";
import { COLOR_MODES } from "@/lib/theme";
import { cn } from "@/lib/utils";

const SWITCHES = ["topNav", "tagsView", "fixedHeader", "sidebarLogo", "dynamicTitle"] as const;
const MODE_ICONS = { system: MonitorIcon, light: SunIcon, dark: MoonIcon } as const;

/** Light, dark or the system's: applied and kept at once, as the navbar's sun/moon does. */
function ColorModeChoice() {
  const t = useTranslations("navbar");
  const { mode, setMode } = useColorMode();
  return (
    <div role="group" aria-label={t("colorMode")} className="flex gap-2">
      {COLOR_MODES.map((value) => {
        const Icon = MODE_ICONS[value];
        return (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={mode === value ? "default" : "outline"}
            data-testid={`settings-color-mode-${value}`}
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
          >
            <Icon className="size-4" />
            {t(`colorModes.${value}`)}
          </Button>
        );
      })}
    </div>
  );
}

function SideThemeChoice({ value, selected, label, onSelect }: {
  value: SideTheme;
  selected: boolean;
  label: string;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      data-testid={`side-theme-${value}`}
      aria-pressed={selected}
      aria-label={label}
      title={label}
      onClick={onSelect}
      className="relative h-12 w-16 overflow-hidden rounded-md border shadow-xs"
    >
      <span className={cn("absolute inset-y-0 left-0 w-4", value === "dark" ? "bg-[#304156]" : "bg-white")} />
      <span className="absolute inset-x-0 top-0 ml-4 h-2.5 bg-white" />
      <span className="absolute inset-0 ml-4 mt-2.5 bg-[#f0f2f5]" />
      {selected && <CheckIcon className="absolute right-1 bottom-1 size-4 text-primary" />}
    </button>
  );
}

/** Layout settings: sidebar theme, theme colour and the layout switches; Save keeps them, Reset forgets them. */
export function SettingsDrawer() {
  const t = useTranslations("settings");
  const { settings, update, save, reset, settingsOpen, setSettingsOpen } = useLayout();

  const onSave = () => {
    save();
    toast.success(t("saved"));
    setSettingsOpen(false);
  };

  const onReset = () => {
    toast.info(t("resetting"));
    reset();
  };

  return (
    <Sheet open={settingsOpen} onOpenChange={setSettingsOpen}>
      <SheetContent data-testid="settings-drawer" className="gap-2 overflow-y-auto" closeLabel={t("close")}>
        <SheetHeader>
          <SheetTitle>{t("title")}</SheetTitle>
          <SheetDescription className="sr-only">{t("title")}</SheetDescription>
        </SheetHeader>
        <section className="flex flex-col gap-3 px-4">
          <h3 className="text-sm font-semibold">{t("colorMode")}</h3>
          <ColorModeChoice />
          <h3 className="text-sm font-semibold">{t("sideTheme")}</h3>
          <div className="flex gap-4">
            {(["dark", "light"] as const).map((value) => (
              <SideThemeChoice
                key={value}
                value={value}
                label={t(`sideThemes.${value}`)}
                selected={settings.sideTheme === value}
                onSelect={() => update({ sideTheme: value })}
              />
            ))}
          </div>
          <div className="flex items-center justify-between text-sm">
            {t("themeColor")}
            <div className="flex flex-wrap justify-end gap-1.5">
              {THEME_PRESETS.map((color) => (
                <button
                  key={color}
                  type="button"
                  data-testid={`theme-color-${color}`}
                  aria-label={color}
                  aria-pressed={settings.theme === color}
                  onClick={() => update({ theme: color })}
                  className="flex size-5 items-center justify-center rounded-sm"
                  style={{ backgroundColor: color }}
                >
                  {settings.theme === color && <CheckIcon className="size-3.5 text-white" />}
                </button>
              ))}
            </div>
          </div>
        </section>
        <Separator className="my-3" />
        <section className="flex flex-col gap-4 px-4">
          <h3 className="text-sm font-semibold">{t("layout")}</h3>
          {SWITCHES.map((key) => (
            <label key={key} className="flex items-center justify-between text-sm">
              {t(`switches.${key}`)}
              <Switch
                data-testid={`setting-${key}`}
                checked={settings[key]}
                onCheckedChange={(checked) => update({ [key]: checked } as Partial<LayoutSettings>)}
              />
            </label>
          ))}
        </section>
        <Separator className="my-3" />
        <div className="flex gap-2 px-4 pb-4">
          <Button data-testid="settings-save" size="sm" onClick={onSave}>
            {t("save")}
          </Button>
          <Button data-testid="settings-reset" size="sm" variant="outline" onClick={onReset}>
            {t("reset")}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
