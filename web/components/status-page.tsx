import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

/** The 401, 403 and 404 pages. */
export async function StatusPage({ code }: { code: "401" | "403" | "404" }) {
  const t = await getTranslations("status");
  return (
    <div data-testid={`status-${code}`} className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <div className="text-7xl font-bold text-primary">{code}</div>
      <h1 className="text-xl font-semibold">{t(`title${code}`)}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{t(`detail${code}`)}</p>
      <Button asChild>
        <Link href="/index">{t("backHome")}</Link>
      </Button>
    </div>
  );
}
