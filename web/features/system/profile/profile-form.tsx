"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { RadioField, TextField } from "@/components/form/fields";
import { Button } from "@/components/ui/button";
import { core, done } from "@/lib/api/core";
import type { Dicts, UserDetail } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";

type T = (key: string) => string;
const schema = (t: T) =>
  z.object({
    nickName: z.string().trim().min(1, t("nickNameRequired")).max(30),
    phonenumber: z.string().refine((v) => !v || /^1[3-9]\d{9}$/.test(v), t("phoneInvalid")),
    email: z.string().refine((v) => !v || z.email().safeParse(v).success, t("emailInvalid")),
    sex: z.string(),
    smsCode: z.string().max(6).optional(),
  });
type ProfileForm = z.infer<ReturnType<typeof schema>>;

/** 基本资料: nick name, phone (a new number needs its SMS code), e-mail and sex; the id is the session's. */
export function ProfileForm({ user, dicts }: { user: UserDetail; dicts: Dicts }) {
  const t = useTranslations("profile");
  const router = useRouter();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(schema(t)),
    defaultValues: { nickName: user.nickName, phonenumber: user.phonenumber ?? "", email: user.email ?? "", sex: user.sex ?? "0", smsCode: "" },
  });
  const phone = useWatch({ control: form.control, name: "phonenumber" });
  const phoneChanged = !!phone && phone !== (user.phonenumber ?? "");
  const [sending, setSending] = useState(false);

  const sendCode = async () => {
    if (!(await form.trigger("phonenumber"))) return;
    setSending(true);
    const ok = await done(core.POST("/admin/open/send_code", { body: { phonenumber: phone, scene: "phone" } }));
    setSending(false);
    if (ok) toast.success(t("codeSent"));
  };
  const save = form.handleSubmit(async (values) => {
    const body = { ...values, smsCode: phoneChanged ? values.smsCode : undefined };
    if (await done(core.PUT("/system/user/profile", { body }))) {
      toast.success(t("saved"));
      router.refresh();
    }
  });
  const control = form.control;
  return (
    <form data-testid="profile-form" noValidate onSubmit={save} className="flex max-w-xl flex-col gap-4">
      <TextField control={control} name="nickName" label={t("nickName")} required maxLength={30} />
      <TextField control={control} name="phonenumber" label={t("phonenumber")} maxLength={11} />
      {phoneChanged && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <TextField control={control} name="smsCode" label={t("smsCode")} maxLength={6} />
          </div>
          <Button type="button" variant="outline" disabled={sending} onClick={sendCode}>
            {t("sendCode")}
          </Button>
        </div>
      )}
      <TextField control={control} name="email" label={t("email")} maxLength={50} />
      <RadioField control={control} name="sex" label={t("sex")} options={dictOptions(dicts.sys_user_sex)} />
      <div className="flex gap-2 pl-27">
        <Button type="submit" data-testid="profile-save" disabled={form.formState.isSubmitting}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
