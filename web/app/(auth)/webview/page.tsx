import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth-card";

export default async function WebviewPage() {
  const t = await getTranslations("publicPages");
  return (
    <AuthCard title={t("webviewTitle")}>
      <p data-testid="webview-detail" className="text-sm text-muted-foreground">{t("webviewDetail")}</p>
      <Link href="/login" className="mt-4 block text-sm text-primary hover:underline">
        {t("toLogin")}
      </Link>
    </AuthCard>
  );
}
