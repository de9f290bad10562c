import { ConstructionIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { getMenuTitle } from "@/lib/i18n-server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** What a screen of the menu shows until its view is written and registered. */
export async function NotBuilt({ title, viewPath }: { title: string; viewPath: string }) {
  const t = await getTranslations("notBuilt");
  const menuTitle = await getMenuTitle();
  return (
    <Card data-testid="not-built" className="mx-auto mt-6 max-w-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ConstructionIcon className="size-5 text-warning" />
          <span data-testid="not-built-title">{menuTitle(title)}</span>
        </CardTitle>
        <CardDescription>{t("detail")}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {t("viewPath")}: <code data-testid="not-built-view" className="rounded bg-muted px-1.5 py-0.5">{viewPath}</code>
      </CardContent>
    </Card>
  );
}
