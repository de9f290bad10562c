"use client";

import { CopyIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { answer, core } from "@/lib/api/core";
import { previewTabs } from "./codegen";

/** 代码预览: one tab per generated file, its text shown as text (never as markup), with a copy button. */
export function PreviewDialog({ tableId, onClose }: { tableId: number | null; onClose: () => void }) {
  const t = useTranslations("tools.gen");
  // the files of the table they were read for: another table shows none until its own arrive
  const [read, setRead] = useState<{ tableId: number; files: Record<string, string> } | null>(null);
  const files = useMemo(() => (read && read.tableId === tableId ? read.files : {}), [read, tableId]);
  const [active, setActive] = useState("");
  const failed = useEffectEvent(() => onClose());
  useEffect(() => {
    if (tableId === null) return;
    let live = true;
    answer(core.GET("/tool/gen/preview/{tableId}", { params: { path: { tableId } } }))
      .then(({ data }) => {
        if (!live) return;
        setRead({ tableId, files: data });
        setActive(previewTabs(Object.keys(data))[0]?.path ?? "");
      })
      .catch(() => live && failed());
    return () => {
      live = false;
    };
  }, [tableId]);
  const tabs = useMemo(() => previewTabs(Object.keys(files)), [files]);
  const copy = async (path: string) => {
    try {
      await navigator.clipboard.writeText(files[path] ?? "");
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  };
  return (
    <Dialog open={tableId !== null} onOpenChange={(value) => !value && onClose()}>
      <DialogContent data-testid="gen-preview-dialog" className="max-h-[90vh] sm:max-w-6xl">
        <DialogHeader>
          <DialogTitle>{t("previewTitle")}</DialogTitle>
          <DialogDescription className="sr-only">{t("previewTitle")}</DialogDescription>
        </DialogHeader>
        {tabs.length > 0 && (
          <Tabs value={active} onValueChange={setActive} className="min-h-0">
            <TabsList className="h-auto flex-wrap">
              {tabs.map((tab) => (
                <TabsTrigger key={tab.path} value={tab.path} data-testid="preview-tab" title={tab.path}>
                  {tab.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map((tab) => (
              <TabsContent key={tab.path} value={tab.path} className="relative">
                <div className="mb-1 flex items-center justify-between text-xs text-muted-foreground">
                  <span data-testid="preview-path">{tab.path}</span>
                  <Button size="sm" variant="outline" data-testid="preview-copy" onClick={() => copy(tab.path)}>
                    <CopyIcon />
                    {t("copy")}
                  </Button>
                </div>
                <pre data-testid="preview-code" className="max-h-[60vh] overflow-auto rounded bg-muted p-3 font-mono text-xs leading-5">
                  {files[tab.path]}
                </pre>
              </TabsContent>
            ))}
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}
