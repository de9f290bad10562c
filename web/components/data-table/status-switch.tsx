"use client";

import { useTranslations } from "next-intl";
import type * as React from "react";
import { Switch } from "@/components/ui/switch";

/** A row's 状态 switch, named after its row ("状态：张三") so a screen reader tells the rows' switches apart. */
export function StatusSwitch({ name, ...props }: { name: string } & React.ComponentProps<typeof Switch>) {
  const tl = useTranslations("list");
  return <Switch data-testid="status-switch" aria-label={tl("statusOf", { name })} {...props} />;
}
