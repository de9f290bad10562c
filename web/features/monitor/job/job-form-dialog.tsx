"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { RadioField, SelectField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { answer, core, done } from "@/lib/api/core";
import { dictOptions } from "@/lib/dict";
import { carryDraft, type ParamDraft, type ParamError, paramDraft, paramFields, parseParams } from "./monitor-params";
import type { JobBody, JobHandlerInfo, MonitorDicts } from "@/lib/api/types";
import { CronField } from "./cron-field";
import { ParamFields } from "./param-fields";
import { CONCURRENT_VALUES, MISFIRE_POLICIES } from "./query";

type T = (key: string) => string;
const jobSchema = (t: T) =>
  z.object({
    jobId: z.number().optional(),
    jobName: z.string().trim().min(1, t("jobNameRequired")).max(64),
    jobGroup: z.string().min(1, t("jobGroupRequired")),
    invokeTarget: z.string().min(1, t("invokeTargetRequired")),
    cronExpression: z.string().trim().min(1, t("cronRequired")).max(255),
    misfirePolicy: z.string(),
    concurrent: z.string(),
    status: z.string(),
    remark: z.string().max(500).optional(),
  });
type JobForm = z.infer<ReturnType<typeof jobSchema>>;

const EMPTY: JobForm = { jobName: "", jobGroup: "DEFAULT", invokeTarget: "", cronExpression: "", misfirePolicy: "0", concurrent: "1", status: "0", remark: "" };

/** 添加任务 / 修改任务: the handler from the registry, its parameters from its schema, the cron checked. */
export function JobFormDialog({
  jobId,
  open,
  onClose,
  dicts,
  handlers,
  onSaved,
}: {
  jobId: number | null;
  open: boolean;
  onClose: () => void;
  dicts: MonitorDicts;
  handlers: JobHandlerInfo[];
  onSaved: () => void;
}) {
  const t = useTranslations("monitor.job");
  const tl = useTranslations("list");
  const form = useForm<JobForm>({ resolver: zodResolver(jobSchema(t)), defaultValues: EMPTY });
  const control = form.control;
  const invokeTarget = useWatch({ control, name: "invokeTarget" });
  const fieldsOf = useMemo(() => {
    const byName = new Map(handlers.map((handler) => [handler.name, paramFields(handler.params)]));
    return (name: string) => byName.get(name) ?? [];
  }, [handlers]);
  const fields = useMemo(() => fieldsOf(invokeTarget), [fieldsOf, invokeTarget]);
  // the list keys this dialog by its opening: a new job starts with the first handler's parameters
  const [draft, setDraft] = useState<ParamDraft>(() => (jobId === null ? paramDraft(fieldsOf(handlers[0]?.name ?? "")) : {}));
  const [paramErrors, setParamErrors] = useState<Record<string, ParamError>>({});
  const target = useRef("");

  // what the dialog shows when it opens: read with the handlers and callbacks of that moment
  const opened = useEffectEvent((jobId: number | null) => {
    if (jobId === null) {
      const first = handlers[0]?.name ?? "";
      target.current = first;
      form.reset({ ...EMPTY, invokeTarget: first });
      return;
    }
    answer(core.GET("/monitor/job/{jobId}", { params: { path: { jobId } } }))
      .then(({ data }) => {
        target.current = data.invokeTarget;
        form.reset({
          jobId: data.jobId,
          jobName: data.jobName,
          jobGroup: data.jobGroup,
          invokeTarget: data.invokeTarget,
          cronExpression: data.cronExpression,
          misfirePolicy: data.misfirePolicy,
          concurrent: data.concurrent,
          status: data.status,
          remark: data.remark ?? "",
        });
        setDraft(paramDraft(fieldsOf(data.invokeTarget), data.jobParams));
      })
      .catch(onClose);
  });
  useEffect(() => {
    if (open) opened(jobId);
  }, [open, jobId]);

  // another handler: its own fields, keeping what was typed into fields of the same name
  useEffect(() => {
    if (!open || invokeTarget === target.current) return;
    target.current = invokeTarget;
    setDraft((previous) => carryDraft(fieldsOf(invokeTarget), previous));
    setParamErrors({});
  }, [invokeTarget, open, fieldsOf]);

  const save = form.handleSubmit(async (values) => {
    const params = parseParams(fields, draft);
    if (!params.ok) {
      setParamErrors(params.errors);
      return;
    }
    setParamErrors({});
    const body: JobBody = { ...values, jobId: jobId ?? undefined, jobParams: params.values, remark: values.remark || null };
    if (await done(jobId === null ? core.POST("/monitor/job", { body }) : core.PUT("/monitor/job", { body }))) {
      toast.success(jobId === null ? tl("added") : tl("updated"));
      onClose();
      onSaved();
    }
  });

  const handlerOptions = handlers.map((handler) => ({ value: handler.name, label: t("handlerOption", { title: handler.title, name: handler.name }) }));
  const misfireOptions = MISFIRE_POLICIES.map((value) => ({ value, label: t(`misfire${value}`) }));
  const concurrentOptions = CONCURRENT_VALUES.map((value) => ({ value, label: t(`concurrent${value}`) }));
  return (
    <FormDialog
      open={open}
      onOpenChange={(value) => !value && onClose()}
      title={jobId === null ? t("addTitle") : t("editTitle")}
      testId="job-form"
      className="sm:max-w-3xl"
      onSubmit={save}
      submitting={form.formState.isSubmitting}
    >
      <TextField control={control} name="jobName" label={t("jobName")} required maxLength={64} />
      <SelectField control={control} name="jobGroup" label={t("jobGroup")} required options={dictOptions(dicts.sys_job_group)} />
      <SelectField control={control} name="invokeTarget" label={t("invokeTarget")} required full options={handlerOptions} emptyLabel={t("invokeTargetPlaceholder")} />
      <ParamFields
        handler={invokeTarget}
        fields={fields}
        draft={draft}
        errors={paramErrors}
        onChange={(name, value) => {
          setDraft((current) => ({ ...current, [name]: value }));
          setParamErrors(({ [name]: _cleared, ...rest }) => rest);
        }}
      />
      <CronField control={control} name="cronExpression" label={t("cronExpression")} />
      <RadioField control={control} name="misfirePolicy" label={t("misfirePolicy")} full options={misfireOptions} />
      <RadioField control={control} name="concurrent" label={t("concurrent")} options={concurrentOptions} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_job_status)} />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
