import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth-card";
import { RegisterForm } from "@/features/auth/register-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("register"))("title") };
}

export default async function RegisterPage() {
  const t = await getTranslations("register");
  return (
    <AuthCard title={t("title")}>
      <RegisterForm />
    </AuthCard>
  );
}
