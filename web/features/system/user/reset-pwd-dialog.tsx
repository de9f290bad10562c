"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { core, done } from "@/lib/api/core";
import type { UserRow } from "@/lib/api/types";
import { passwordSchema } from "./user-rules";

/** 重置密码: the new password for one user; the server ends that user's sessions. */
export function ResetPwdDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const t = useTranslations("user");
  const schema = z.object({ password: passwordSchema(t) });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: "" } });
  // another user: an empty password again
  const { reset } = form;
  useEffect(() => reset({ password: "" }), [user, reset]);

  const save = form.handleSubmit(async ({ password }) => {
    if (!user) return;
    if (await done(core.PUT("/system/user/resetPwd", { body: { userId: user.userId, password } }))) {
      toast.success(t("resetDone", { password }));
      onClose();
    }
  });
  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("resetPwdTitle", { name: user?.userName ?? "" })}
      testId="reset-pwd-form"
      className="sm:max-w-md"
      onSubmit={save}
      submitting={form.formState.isSubmitting}
    >
      <div className="sm:col-span-2">
        <TextField control={form.control} name="password" type="password" label={t("newPassword")} required maxLength={20} full />
      </div>
    </FormDialog>
  );
}
