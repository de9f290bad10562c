"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { RegisterBody } from "@/lib/api/types";
import { bff, done } from "@/lib/api/core";
import { CaptchaField } from "./captcha-field";
import { useCaptcha } from "./use-captcha";

/** Self-registration (POST /bff/auth/register); the server may answer that it is closed. */
export function RegisterForm() {
  const t = useTranslations("register");
  const router = useRouter();
  const captcha = useCaptcha();

  const schema = useMemo(
    () =>
      z
        .object({
          username: z.string().trim().min(1, t("usernameRequired")).min(2, t("usernameLength")).max(20, t("usernameLength")),
          password: z
            .string()
            .min(1, t("passwordRequired"))
            .min(5, t("passwordLength"))
            .max(20, t("passwordLength"))
            .regex(/^[^<>"'|\\]+$/, t("passwordChars", { chars: `< > " ' \\ |` })),
          confirmPassword: z.string().min(1, t("confirmRequired")),
          code: z.string().trim(),
        })
        .refine((values) => values.password === values.confirmPassword, {
          path: ["confirmPassword"],
          message: t("mismatch"),
        })
        .refine((values) => !captcha.enabled || values.code !== "", { path: ["code"], message: t("codeRequired") }),
    [t, captcha.enabled],
  );

  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { username: "", password: "", confirmPassword: "", code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body: RegisterBody = { ...values, uuid: captcha.uuid };
    if (await done(bff.POST("/bff/auth/register", { body }))) {
      toast.success(t("done", { username: values.username }));
      router.push("/login");
    } else if (captcha.enabled) {
      // the request layer showed the reason
      form.setValue("code", "");
      captcha.refresh();
    }
  });

  const field = (name: "username" | "password" | "confirmPassword", type = "text") => (
    <div className="flex flex-col gap-1">
      <Input
        data-testid={`register-${name}`}
        type={type}
        placeholder={t(name)}
        aria-invalid={!!errors[name]}
        {...form.register(name)}
      />
      {errors[name] && <p className="text-xs text-destructive">{errors[name].message}</p>}
    </div>
  );

  if (!captcha.loaded) return null;
  if (!captcha.registerEnabled) {
    return (
      <div data-testid="register-closed" className="flex flex-col gap-4">
        <p role="alert" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          {t("closed")}
        </p>
        <Link href="/login" className="text-right text-sm text-primary hover:underline">
          {t("toLogin")}
        </Link>
      </div>
    );
  }
  return (
    <form data-testid="register-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {field("username")}
      {field("password", "password")}
      {field("confirmPassword", "password")}
      {captcha.enabled && (
        <div className="flex flex-col gap-1">
          <CaptchaField captcha={captcha} aria-invalid={!!errors.code} {...form.register("code")} />
          {errors.code && <p className="text-xs text-destructive">{errors.code.message}</p>}
        </div>
      )}
      <Button data-testid="register-submit" type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
      <Link href="/login" className="text-right text-sm text-primary hover:underline">
        {t("toLogin")}
      </Link>
    </form>
  );
}
