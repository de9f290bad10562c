import { getTranslations } from "next-intl/server";
import { ScreenFailure } from "@/components/screen-error";
import type { View, ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { CategoryLevelsScreen } from "./category-levels";
import { RichTextPage } from "./rich-text-page";

type RichText = components["schemas"]["RichTextPage"];

async function RichTextInfo({ searchParams }: ViewProps) {
  const raw = (await searchParams).id;
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isInteger(id) || id < 1) {
    const t = await getTranslations("richTextPage");
    return <p className="text-muted-foreground p-4 text-sm">{t("pickOne")}</p>;
  }
  const result = await loadScreen<RichText>(`/bff/screens/content/rich-text?id=${id}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <RichTextPage key={`${id}-${result.data.version}`} data={result.data} perm="content:richText:edit" />;
}

async function AgreementScreen() {
  const result = await loadScreen<RichText>("/bff/screens/content/agreement");
  if (!result.ok) return <ScreenFailure result={result} />;
  return <RichTextPage key={result.data.version} data={result.data} perm="content:agreement:edit" agreement />;
}

/** The content area's own screens; its lists are declared resources drawn by features/resources. */
export const contentViews: Readonly<Record<string, View>> = {
  "content/category/levels": CategoryLevelsScreen,
  "content/richText/info": RichTextInfo,
  "content/agreement/index": AgreementScreen,
};
