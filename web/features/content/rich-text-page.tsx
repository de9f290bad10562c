"use client";

import { HistoryIcon, SaveIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { request, RequestError } from "@/lib/request";

/** A rich text as the editing calls return it (info_page, config_aboutUs_page, agreement_page). */
export interface RichTextPageData {
  id: number | null;
  code: string;
  title: string;
  content: string;
  version: number;
  updateBy?: string | null;
  updateTime?: string | null;
  versions: { version: number; title: string; savedBy: string; savedTime: string | null; replacedTime: string | null }[];
}

/**
 * The rich-text editing page (issue 11 §3): the shared editor (images uploaded into our store and inserted by
 * address), the version being edited, who saved it and when, and the earlier versions kept by every save.
 * `load` and `save` are the page's calls; a save says which version it was made from, so a newer save by
 * someone else is not silently overwritten.
 */
export function RichTextPage({ load, save, perm, id }: { load: string; save: string; perm: string; id?: number }) {
  const t = useTranslations("richTextPage");
  const [page, setPage] = useState<RichTextPageData | null>(null);
  const [content, setContent] = useState("");
  const [saving, setSaving] = useState(false);

  const reload = useCallback(async () => {
    try {
      const { data } = await request<RichTextPageData>(`api/${load}`, { params: id ? { id: String(id) } : undefined });
      if (data) {
        setPage(data);
        setContent(data.content ?? "");
      }
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  }, [load, id]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const submit = async () => {
    if (!page) return;
    setSaving(true);
    try {
      const body = page.id === null || id === undefined ? { content, version: page.version } : { id: page.id, content, version: page.version };
      const answer = await request<{ version: number; changed: boolean }>(`api/${save}`, { method: "POST", data: body });
      toast.success(answer.data?.changed === false ? t("unchanged") : t("saved", { version: answer.data?.version ?? "" }));
      await reload();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  if (!page) return <div className="text-muted-foreground p-4 text-sm">{t("loading")}</div>;
  return (
    <div className="grid gap-4 p-4 lg:grid-cols-[1fr_18rem]" data-testid="rich-text-page">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle data-testid="rich-text-title">{page.title}</CardTitle>
          <div className="text-muted-foreground flex items-center gap-3 text-sm">
            <span data-testid="rich-text-version">{t("version", { version: page.version })}</span>
            {page.updateTime && <span>{t("updated", { by: page.updateBy ?? "", at: page.updateTime })}</span>}
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
