"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { UnreadCount } from "@/components/chat/unread-count";
import type { CentreMessage, CentreTab } from "@/lib/chat-message-centre";
import { nearBottom } from "@/lib/chat-rooms";
import { cn } from "@/lib/utils";
import type { CentreController } from "./centre-controller";
import { useStore } from "./store";

/** The message panel of spec §2.6: system and order messages, 10 a page, more near the bottom. */
export function MessagePanel({ centre }: { centre: CentreController }) {
  const t = useTranslations("messageCenter");
  const tab = useStore(centre.store, (s) => s.tab);
  const counts = useStore(centre.store, (s) => s.counts);
  return (
    <div data-testid="message-panel" className="w-[360px]">
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
