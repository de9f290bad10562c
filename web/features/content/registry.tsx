import { getTranslations } from "next-intl/server";
import type { View, ViewProps } from "@/features/registry";
import { CategoryLevelsScreen } from "./category-levels";
import { RichTextPage } from "./rich-text-page";

async function RichTextInfo({ searchParams }: ViewProps) {
  const raw = (await searchParams).id;
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isInteger(id) || id < 1) {
    const t = await getTranslations("richTextPage");
    return <p className="text-muted-foreground p-4 text-sm">{t("pickOne")}</p>;
  }
  return <RichTextPage key={id} load="admin/common_rich_text/info_page" save="admin/common_rich_text/updata_text" perm="content:richText:edit" id={id} />;
}

/** The content area's own screens; its lists are declared resources drawn by features/resources. */
export const contentViews: Readonly<Record<string, View>> = {
  "content/category/levels": CategoryLevelsScreen,
  "content/richText/info": RichTextInfo,
  "content/agreement/index": () => <RichTextPage load="admin/common_rich_text/agreement_page" save="admin/common_rich_text/edit_agreement" perm="content:agreement:edit" />,
};
