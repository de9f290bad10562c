"use client";

import { ChevronLeftIcon, LoaderCircleIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { core, saveAs } from "@/lib/api/core";
import { UnreadCount } from "./unread-count";
import { ExportJobs } from "./export-jobs";
import { type CentreMessage, type CentreTab, exportJobOf } from "./chat-message-centre";
import { nearBottom } from "./chat-rooms";
import { cn } from "@/lib/utils";
import type { CentreController, CentreState } from "./centre-controller";
import { useStore } from "./store";

/** The message panel of spec §2.6: system and order messages, 10 a page, more near the bottom. */
export function MessagePanel({ centre }: { centre: CentreController }) {
  const t = useTranslations("messageCenter");
  const tab = useStore(centre.store, (s) => s.tab);
  const counts = useStore(centre.store, (s) => s.counts);
  const detail = useStore(centre.store, (s) => s.detail);
  if (detail) return <MessageDetail centre={centre} detail={detail} />;
  return (
    <div data-testid="message-panel" className="w-[min(360px,calc(100vw-1rem))]">
      <ExportJobs />
      <Tabs value={tab} onValueChange={(value) => centre.setTab(value as CentreTab)} className="gap-0">
        <TabsList className="w-full">
          <TabsTrigger value="sys" data-testid="message-tab-sys" className="flex flex-1 items-center justify-center gap-1">
            {t("system")}
            <UnreadCount count={counts?.sysMsgNum ?? 0} testId="message-count-sys" />
          </TabsTrigger>
          <TabsTrigger value="order" data-testid="message-tab-order" className="flex flex-1 items-center justify-center gap-1">
            {t("order")}
            <UnreadCount count={counts?.orderMsgNum ?? 0} testId="message-count-order" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="sys">
          <MessageList centre={centre} tab="sys" />
        </TabsContent>
        <TabsContent value="order">
          <MessageList centre={centre} tab="order" />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function MessageList({ centre, tab }: { centre: CentreController; tab: CentreTab }) {
  const t = useTranslations("messageCenter");
  const router = useRouter();
  const list = useStore(centre.store, (s) => s[tab]);
  const finished = list.loaded && list.pageNo >= list.pages;
  return (
    <ul
      data-testid={`message-list-${tab}`}
      className="h-[360px] overflow-y-auto"
      onScroll={(event) => {
        if (nearBottom(event.currentTarget)) centre.loadMore();
      }}
    >
      {list.items.map((item) => (
        <MessageItem key={item.objId} item={item} onClick={() => void centre.click(tab, item, (path) => router.push(path))} />
      ))}
      {list.loading && (
        <li className="flex items-center justify-center gap-2 py-3 text-xs text-muted-foreground">
          <LoaderCircleIcon className="size-4 animate-spin" />
          {t("loading")}
        </li>
      )}
      {!list.loading && list.failed && (
        <li className="py-3 text-center text-xs">
          <button type="button" data-testid="message-list-retry" className="text-primary hover:underline" onClick={centre.loadMore}>
            {t("loadFailed")}
          </button>
        </li>
      )}
      {!list.loading && !list.failed && list.loaded && list.items.length === 0 && (
        <li className="py-10 text-center text-sm text-muted-foreground">{t("empty")}</li>
      )}
      {!list.loading && finished && list.items.length > 0 && list.pages > 1 && (
        <li className="py-2 text-center text-xs text-muted-foreground">{t("noMore")}</li>
      )}
    </ul>
  );
}

/** A system message read in the panel: its title, time and text (a notice's sanitised HTML). */
function MessageDetail({ centre, detail }: { centre: CentreController; detail: NonNullable<CentreState["detail"]> }) {
  const t = useTranslations("messageCenter");
  const { message, loading, failed } = detail;
  const exportJob = exportJobOf(message);
  return (
    <div data-testid="message-detail" data-id={message.objId} className="flex w-[min(360px,calc(100vw-1rem))] flex-col">
      <div className="flex items-center gap-2 border-b px-2 py-2">
        <button type="button" data-testid="message-detail-back" aria-label={t("back")} onClick={centre.closeDetail} className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground">
          <ChevronLeftIcon className="size-4" />
        </button>
        <h3 data-testid="message-detail-title" className="min-w-0 flex-1 truncate text-sm font-medium">
          {message.title}
        </h3>
      </div>
      <div className="h-[360px] overflow-y-auto px-4 py-3">
        <p className="mb-2 text-[11px] text-muted-foreground">{message.createTime}</p>
        {loading && <LoaderCircleIcon className="mx-auto size-4 animate-spin text-muted-foreground" />}
        {failed && <p className="text-xs text-destructive">{t("loadFailed")}</p>}
        {message.noticeContent ? (
          // sanitised by the server (an allow-list of tags, attributes and URL schemes) when stored and when read
          <div data-testid="message-detail-content" className="rich-text-content text-sm break-words" dangerouslySetInnerHTML={{ __html: message.noticeContent }} />
        ) : (
          !loading && (
            <p data-testid="message-detail-content" className="text-sm whitespace-pre-wrap">
              {message.content || t("noContent")}
            </p>
          )
        )}
        {exportJob !== null && (
          <Button size="sm" className="mt-3" data-testid="message-detail-download" onClick={() => void saveAs(core.GET("/admin/exports/{id}/download", { params: { path: { id: exportJob } }, parseAs: "stream" }), `${message.title}.xlsx`)}>
            {t("download")}
          </Button>
        )}
      </div>
    </div>
  );
}

function MessageItem({ item, onClick }: { item: CentreMessage; onClick: () => void }) {
  const t = useTranslations("messageCenter");
  return (
    <li>
      <button
        type="button"
        data-testid="message-item"
        data-id={item.objId}
        data-readed={item.readed ? "true" : "false"}
        data-type={item.messageType}
        onClick={onClick}
        className="flex w-full gap-2 border-b border-border/60 px-3 py-2.5 text-left hover:bg-muted/60"
      >
        <span
          aria-label={item.readed ? undefined : t("unread")}
          className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.readed ? "bg-transparent" : "bg-destructive")}
        />
        <span className="min-w-0 flex-1">
          <span className={cn("block truncate text-sm", !item.readed && "font-medium")}>{item.title}</span>
          {item.content && <span className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{item.content}</span>}
          <span className="mt-0.5 block text-[11px] text-muted-foreground">{item.createTime}</span>
        </span>
      </button>
    </li>
  );
}
