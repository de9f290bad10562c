"use client";

import { CalendarClockIcon, LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { FormItem } from "@/components/form/fields";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { answer, bff } from "@/lib/api/core";
import { RequestError } from "@/lib/request";
import type { CronCheck } from "@/lib/api/types";

/** The cron expression (Quartz, with seconds) and 预览: the next five fire times, or the server's reason. */
export function CronField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: FieldPath<T>; label: string }) {
  const t = useTranslations("monitor.job");
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  const [checked, setChecked] = useState<{ expression: string; check: CronCheck } | null>(null);
  const [checking, setChecking] = useState(false);
  const expression = String(field.value ?? "");
  // a check answers the expression it was asked for: editing the field hides it
  const check = checked?.expression === expression ? checked.check : null;

  const preview = async () => {
    if (!expression.trim()) return;
    setChecking(true);
    try {
      const { data } = await answer(bff.GET("/bff/screens/monitor/job/cron", { params: { query: { cronExpression: expression.trim() } } }));
      setChecked({ expression, check: data });
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setChecking(false);
    }
  };

  return (
    <FormItem label={label} required full error={fieldState.error?.message} htmlFor="field-cronExpression">
      <div className="flex gap-2">
        <Input
          id="field-cronExpression"
          data-testid="form-cronExpression"
          name={field.name}
          value={expression}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={ref}
          className="font-mono"
          placeholder={t("cronPlaceholder")}
          autoComplete="off"
          aria-invalid={!!fieldState.error || check?.valid === false}
        />
        <Button type="button" variant="outline" data-testid="cron-preview" disabled={!expression.trim() || checking} onClick={preview}>
          {checking ? <LoaderCircleIcon className="animate-spin" /> : <CalendarClockIcon />}
          {t("cronPreview")}
        </Button>
      </div>
      <p className="mt-1 text-xs text-muted-foreground">{t("cronHint")}</p>
      {check?.valid === false && (
        <p data-testid="cron-error" className="mt-1 text-xs text-destructive">
          {check.message}
        </p>
      )}
      {check?.valid && (
        <div data-testid="cron-times" className="mt-2 rounded-md border bg-muted/40 p-2 text-xs">
          <div className="mb-1 font-medium">{t("nextTimes")}</div>
          <ol className="list-decimal space-y-0.5 pl-5 font-mono">
            {(check.times ?? []).map((time) => (
              <li key={time} data-testid="cron-time">
                {time}
              </li>
            ))}
          </ol>
        </div>
      )}
    </FormItem>
  );
}
