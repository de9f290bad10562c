"use client";

import { SaveIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { core, done } from "@/lib/api/core";
import type { ConfigRow } from "@/lib/api/types";
import { changedValues, groupConfigs } from "./config-groups";

const BOOLEAN = /^(true|false)$/;

/** Every parameter as one form, a card per key prefix; 保存 sends only the changed values in one call. */
export function ConfigSettings({ rows }: { rows: ConfigRow[] }) {
  const t = useTranslations("config");
  const router = useRouter();
  const initial = useMemo(() => Object.fromEntries(rows.map((row) => [row.configKey, row.configValue])), [rows]);
  // the values as edited from the rows they started from: fresh rows (after saving) start them again
  const [edited, setEdited] = useState({ initial, values: initial });
  const values = edited.initial === initial ? edited.values : initial;
  const [saving, setSaving] = useState(false);
  const changed = changedValues(rows, values);
  const set = (key: string, value: string) => setEdited({ initial, values: { ...values, [key]: value } });

  const save = async () => {
    if (changed.length === 0) return toast.info(t("nothingChanged"));
    setSaving(true);
    const ok = await done(core.PUT("/system/config/batch", { body: { items: changed } }));
    setSaving(false);
    if (ok) {
      toast.success(t("saved"));
      router.refresh();
    }
  };

  return (
    <div data-testid="config-settings" className="flex flex-col gap-4">
      {groupConfigs(rows).map((group) => (
        <Card key={group.prefix} data-testid="config-group" data-prefix={group.prefix}>
          <CardHeader>
            <CardTitle className="font-mono text-sm">{group.prefix || t("ungrouped")}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {group.items.map((row) => (
              <label key={row.configKey} className="flex flex-col gap-1.5 text-sm">
                <span className="font-medium">
                  {row.configName} <span className="font-mono text-xs text-muted-foreground">{row.configKey}</span>
                </span>
                {BOOLEAN.test(initial[row.configKey]) ? (
                  <Switch
                    data-testid={`setting-${row.configKey}`}
                    checked={values[row.configKey] === "true"}
                    onCheckedChange={(on) => set(row.configKey, on ? "true" : "false")}
                  />
                ) : (
                  <Input data-testid={`setting-${row.configKey}`} value={values[row.configKey] ?? ""} maxLength={500} onChange={(e) => set(row.configKey, e.target.value)} />
                )}
              </label>
            ))}
          </CardContent>
        </Card>
      ))}
      <Authorized perms="system:config:edit">
        <div className="flex items-center justify-end gap-3">
          {changed.length > 0 && <span className="text-sm text-muted-foreground">{t("changedCount", { count: changed.length })}</span>}
          <Button data-testid="settings-save" disabled={saving} onClick={save}>
            <SaveIcon />
            {t("save")}
          </Button>
        </div>
      </Authorized>
    </div>
  );
}
