import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

/** The 401, 403 and 404 pages. Inside the console shell (``inShell``) the shell's h1 names the page already: the
 * refusal's title is an h2 there, one h1 per page. */
export async function StatusPage({ code, inShell = false }: { code: "401" | "403" | "404"; inShell?: boolean }) {
  const t = await getTranslations("status");
  const Heading = inShell ? "h2" : "h1";
  return (
    <div data-testid={`status-${code}`} className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <div className="text-7xl font-bold text-primary">{code}</div>
      <Heading className="text-xl font-semibold">{t(`title${code}`)}</Heading>
      <p className="max-w-md text-sm text-muted-foreground">{t(`detail${code}`)}</p>
      <Button asChild>
        <Link href="/index">{t("backHome")}</Link>
      </Button>
    </div>
  );
}
