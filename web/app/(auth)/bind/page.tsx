import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth-card";

export default async function BindPage() {
  const t = await getTranslations("publicPages");
  return (
    <AuthCard title={t("bindTitle")}>
      <p data-testid="bind-detail" className="text-sm text-muted-foreground">{t("bindDetail")}</p>
      <Link href="/login" className="mt-4 block text-sm text-primary hover:underline">
        {t("toLogin")}
      </Link>
    </AuthCard>
  );
}
