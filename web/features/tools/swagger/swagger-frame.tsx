"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { FrameStatus } from "@/components/frame-status";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useTicket } from "@/components/use-ticket";
import { answer, core } from "@/lib/api/core";
import { docsFrameSrc } from "@/lib/api-docs";

/** The documents the page offers, as the core's Swagger UI names them (its top bar selector). */
const DOCUMENTS = { core: { url: "openapi.json", name: "core API" }, bff: { url: "bff.json", name: "BFF" } } as const;
type Document = keyof typeof DOCUMENTS;

type FrameWindow = Window & typeof globalThis;

/** Picks a document in Swagger UI's own "Select a definition" list, as a click there would. */
function selectDocument(frame: HTMLIFrameElement | null, name: string): boolean {
  const view = frame?.contentWindow as FrameWindow | null;
  const select = frame?.contentDocument?.querySelector<HTMLSelectElement>(".download-url-wrapper select");
  const option = select && Array.from(select.options).find((item) => item.textContent === name);
  if (!view || !select || !option) return false;
  Object.getOwnPropertyDescriptor(view.HTMLSelectElement.prototype, "value")?.set?.call(select, option.value);
  select.dispatchEvent(new view.Event("change", { bubbles: true }));
  return true;
}

/**
 * A one-time ticket from the core, then the core's Swagger UI in a frame served on this origin by
 * the /api-docs route; the tabs switch between the core's document and the BFF's.
 */
export function SwaggerFrame() {
  const t = useTranslations("tools.swagger");
  const { ticket, failed, retry } = useTicket(() => answer(core.POST("/tool/swagger/ticket")));
  const src = ticket && docsFrameSrc(ticket);
  const [document, setDocument] = useState<Document>("core");
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState("calc(100vh - 140px)");

  useEffect(() => {
    const measure = () => setHeight(`${window.innerHeight - 140}px`);
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  const show = (next: Document) => {
    if (selectDocument(frame.current, DOCUMENTS[next].name)) setDocument(next);
  };

  if (failed || !src) {
    return <FrameStatus testId="swagger" failed={failed} onRetry={retry} labels={{ opening: t("opening"), failed: t("failed"), retry: t("retry") }} />;
  }
  return (
    <div data-testid="swagger-screen" className="flex flex-col gap-2">
      <Tabs value={document} onValueChange={(value) => show(value as Document)}>
        <TabsList>
          <TabsTrigger value="core" data-testid="swagger-core">{t("core")}</TabsTrigger>
          <TabsTrigger value="bff" data-testid="swagger-bff">{t("bff")}</TabsTrigger>
        </TabsList>
        {/* the one frame is the open tab's panel (the tabs switch its document): each tab controls a panel */}
        <TabsContent value={document}>
          <iframe data-testid="swagger-frame" ref={frame} src={src} title={t(document)} className="block w-full rounded border-0" style={{ height }} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
