"use client";

import { HistoryIcon, SaveIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { RequestError } from "@/lib/request";

/**
 * The rich-text editing page (issue 11 §3): the shared editor (images uploaded into our store and inserted by
 * address), the version being edited, who saved it and when, and the earlier versions kept by every save.
 * `data` is the page as its BFF screen read it; a save (a rich text by id, or the user agreement) says which
 * version it was made from, so a newer save by someone else is not silently overwritten.
 */
export function RichTextPage({ data: page, perm, agreement = false }: { data: components["schemas"]["RichTextPage"]; perm: string; agreement?: boolean }) {
  const t = useTranslations("richTextPage");
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [content, setContent] = useState(page.content);
  const [saving, setSaving] = useState(false);

  const save = () => {
    const body = { content, version: page.version };
    return agreement || page.id === null
      ? core.POST("/admin/common_rich_text/edit_agreement", { body })
      : core.POST("/admin/common_rich_text/updata_text", { body: { ...body, id: page.id } });
  };
  const submit = async () => {
    setSaving(true);
    try {
      const { data } = await answer(save());
      toast.success(data.changed ? t("saved", { version: data.version }) : t("unchanged"));
      startTransition(() => router.refresh());
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-4 p-4 lg:grid-cols-[1fr_18rem]" data-testid="rich-text-page">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle data-testid="rich-text-title">{page.title}</CardTitle>
          <div className="text-muted-foreground flex items-center gap-3 text-sm">
            <span data-testid="rich-text-version">{t("version", { version: page.version })}</span>
            {page.updateTime && <span>{t("updated", { by: page.updateBy, at: page.updateTime })}</span>}
            <Authorized perms={perm}>
              <Button size="sm" data-testid="rich-text-save" disabled={saving} onClick={() => void submit()}>
                <SaveIcon />
                {t("save")}
              </Button>
            </Authorized>
          </div>
        </CardHeader>
        <CardContent>
          <RichTextEditor testId="rich-text-editor" value={content} onChange={setContent} minHeight={420} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <HistoryIcon className="size-4" />
            {t("versions")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {page.versions.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t("noVersions")}</p>
          ) : (
            <ol className="grid gap-2 text-sm" data-testid="rich-text-versions">
              {page.versions.map((v) => (
                <li key={v.version} className="border-b pb-2 last:border-0">
                  <div className="font-medium">{t("version", { version: v.version })}</div>
                  <div className="text-muted-foreground">{t("savedBy", { by: v.savedBy || "-", at: v.savedTime ?? "-" })}</div>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
