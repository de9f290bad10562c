"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { LockIcon, UserIcon } from "lucide-react";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { parseSignInError, useMessageText } from "@/lib/i18n-client";
import { safeRedirect } from "@/lib/validate";
import { CaptchaField } from "./captcha-field";
import { useCaptcha } from "./use-captcha";

const REMEMBERED_USER = "login-username";

export function LoginForm({ redirect }: { redirect?: string }) {
  const t = useTranslations("login");
  const text = useMessageText();
  const captcha = useCaptcha();
  const [error, setError] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      z
        .object({
          username: z.string().trim().min(1, t("usernameRequired")),
          password: z.string().min(1, t("passwordRequired")),
          code: z.string().trim(),
          rememberMe: z.boolean(),
        })
        .refine((values) => !captcha.enabled || values.code !== "", { path: ["code"], message: t("codeRequired") }),
    [t, captcha.enabled],
  );

  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { username: "", password: "", code: "", rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    const remembered = localStorage.getItem(REMEMBERED_USER);
    if (remembered) form.reset({ username: remembered, password: "", code: "", rememberMe: true });
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    if (values.rememberMe) localStorage.setItem(REMEMBERED_USER, values.username);
    else localStorage.removeItem(REMEMBERED_USER);
    const result = await signIn("credentials", {
      redirect: false,
      username: values.username,
      password: values.password,
      code: captcha.enabled ? values.code : "",
      uuid: captcha.enabled ? (captcha.uuid ?? "") : "",
    });
    if (result?.ok && !result.error) {
      window.location.assign(safeRedirect(redirect));
      return;
    }
    setError(text(parseSignInError(result?.error ?? "")));
    if (captcha.enabled) {
      form.setValue("code", "");
      captcha.refresh();
    }
  });

  return (
    <form data-testid="login-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <div className="relative">
          <UserIcon className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
          <Input
            data-testid="login-username"
            placeholder={t("username")}
            autoComplete="username"
            className="pl-9"
            aria-invalid={!!errors.username}
            {...form.register("username")}
          />
        </div>
        {errors.username && <p className="text-xs text-destructive">{errors.username.message}</p>}
      </div>
      <div className="flex flex-col gap-1">
        <div className="relative">
          <LockIcon className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
          <Input
            data-testid="login-password"
            type="password"
            placeholder={t("password")}
            autoComplete="current-password"
            className="pl-9"
            aria-invalid={!!errors.password}
            {...form.register("password")}
          />
        </div>
        {errors.password && <p className="text-xs text-destructive">{errors.password.message}</p>}
      </div>
      {captcha.enabled && (
        <div className="flex flex-col gap-1">
          <CaptchaField captcha={captcha} aria-invalid={!!errors.code} {...form.register("code")} />
          {errors.code && <p className="text-xs text-destructive">{errors.code.message}</p>}
        </div>
      )}
      <div className="flex items-center justify-between text-sm">
        <Controller
          control={form.control}
          name="rememberMe"
          render={({ field }) => (
            <Label className="font-normal">
              <Checkbox data-testid="login-remember" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              {t("rememberMe")}
            </Label>
          )}
        />
        {captcha.registerEnabled && (
          <Link href="/register" data-testid="login-register" className="text-primary hover:underline">
            {t("register")}
          </Link>
        )}
      </div>
      {error && (
        <p role="alert" data-testid="login-error" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
      )}
      <Button data-testid="login-submit" type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
