"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signOutToSignIn } from "@/components/sign-out";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { TextField } from "@/components/form/fields";
import { Button } from "@/components/ui/button";
import { passwordSchema } from "@/features/system/user/user-rules";
import { core, done } from "@/lib/api/core";

/** 修改密码: the server checks the old one and ends every session of the user, so this one signs out. */
export function PasswordForm() {
  const t = useTranslations("profile");
  const tu = useTranslations("user");
  const schema = z
    .object({
      oldPassword: z.string().min(1, t("oldRequired")),
      newPassword: passwordSchema(tu),
      confirmPassword: z.string().min(1, t("confirmRequired")),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: t("mismatch") });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" } });

  const save = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    if (await done(core.PUT("/system/user/profile/updatePwd", { body: { oldPassword, newPassword } }))) {
      toast.success(t("passwordChanged"));
      await signOutToSignIn();
    }
  });
  const control = form.control;
  return (
    <form data-testid="password-form" noValidate onSubmit={save} className="flex max-w-xl flex-col gap-4">
      <TextField control={control} name="oldPassword" type="password" label={t("oldPassword")} required maxLength={20} />
      <TextField control={control} name="newPassword" type="password" label={t("newPassword")} required maxLength={20} />
      <TextField control={control} name="confirmPassword" type="password" label={t("confirmPassword")} required maxLength={20} />
      <div className="flex gap-2 pl-27">
        <Button type="submit" data-testid="password-save" disabled={form.formState.isSubmitting}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
