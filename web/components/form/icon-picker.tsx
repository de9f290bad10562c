"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { MENU_ICON_NAMES, MenuIcon } from "@/components/layout/menu-icon";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { FormItem } from "./fields";

/** A menu icon out of the console's icon map, searchable by name. */
export function IconPickerField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: FieldPath<T>; label: string }) {
  const t = useTranslations("menu");
  const { field } = useController({ control, name });
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const value = (field.value as string | undefined) ?? "";
  const names = MENU_ICON_NAMES.filter((icon) => icon.toLowerCase().includes(text.trim().toLowerCase()));
  return (
    <FormItem label={label}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <button type="button" data-testid={`form-${name}`} className="flex h-9 w-full items-center gap-2 rounded-md border border-input px-3 text-left text-sm">
            {value && value !== "#" ? <MenuIcon name={value} /> : null}
            <span className={cn(!value || value === "#" ? "text-muted-foreground" : "")}>{value && value !== "#" ? value : t("chooseIcon")}</span>
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-96" data-testid="icon-picker">
          <Input value={text} onChange={(e) => setText(e.target.value)} placeholder={t("iconSearch")} className="mb-2 h-8" />
          <div className="grid max-h-64 grid-cols-3 gap-1 overflow-auto">
            {names.map((icon) => (
              <button
                key={icon}
                type="button"
                data-testid="icon-option"
                data-icon={icon}
                onClick={() => {
                  field.onChange(icon);
                  setOpen(false);
                }}
                className={cn("flex items-center gap-2 truncate rounded px-2 py-1.5 text-left text-xs hover:bg-muted", icon === value && "bg-primary/10 text-primary")}
              >
                <MenuIcon name={icon} />
                {icon}
              </button>
            ))}
          </div>
        </PopoverContent>
      </Popover>
    </FormItem>
  );
}
