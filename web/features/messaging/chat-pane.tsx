"use client";

import { AlertCircleIcon, LoaderCircleIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useLayoutEffect, useRef, useState } from "react";
import { ChatAvatar } from "./chat-avatar";
import { RelativeTimeLabel, useMinuteClock } from "./relative-time-label";
import { SegmentsView } from "./segments-view";
import { type ChatMessage, keptScrollTop, nearTop } from "./chat-rooms";
import { separatorIndexes } from "./relative-time";
import { parseTime } from "@/lib/time";
import { cn } from "@/lib/utils";
import { ChatFooter } from "./chat-footer";
import type { ChatController } from "./chat-controller";
import { useStore } from "./store";

/** The open conversation: name and close, the 460 px message list, the footer. */
export function ChatPane({ chat }: { chat: ChatController }) {
  const t = useTranslations("chat");
  const room = useStore(chat.store, (s) => s.activeRoom);
  const [preview, setPreview] = useState<string | null>(null);

  if (!room) {
    return (
      <section data-testid="chat-pane-empty" className="flex flex-1 items-center justify-center text-sm text-muted-foreground max-desk:hidden">
        {t("choose")}
      </section>
    );
  }
  return (
    <section data-testid="chat-pane" data-shop-id={room.shopId} className="relative flex min-w-0 flex-1 flex-col">
      <header className="flex h-14 shrink-0 items-center justify-between border-b px-4">
        <h3 data-testid="chat-pane-name" className="truncate text-base font-medium">
          {room.toName}
        </h3>
        <button
          type="button"
          data-testid="chat-pane-close"
          aria-label={t("closePane")}
          onClick={() => void chat.selectRoom(null)}
          className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <XIcon className="size-4" />
        </button>
      </header>
      <MessageList chat={chat} onPreview={setPreview} />
      <ChatFooter chat={chat} />
      {preview && (
        <button
          type="button"
          data-testid="chat-image-preview"
          aria-label={t("imagePreview")}
          onClick={() => setPreview(null)}
          className="absolute inset-0 z-20 flex cursor-zoom-out items-center justify-center bg-black/70 p-6"
        >
          <img src={preview} alt="" className="max-h-full max-w-full rounded" />
        </button>
      )}
    </section>
  );
}

function MessageList({ chat, onPreview }: { chat: ChatController; onPreview: (url: string) => void }) {
  const t = useTranslations("chat");
  const messages = useStore(chat.store, (s) => s.messages);
  const loading = useStore(chat.store, (s) => s.historyLoading);
  const blocked = useStore(chat.store, (s) => s.historyBlocked);
  const scrollSignal = useStore(chat.store, (s) => s.scrollToBottom);
  const list = useRef<HTMLDivElement>(null);
  const keep = useRef<{ scrollTop: number; scrollHeight: number; first: ChatMessage | undefined } | null>(null);
  const lastSignal = useRef(-1);
  const now = useMinuteClock();

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keep.current && messages[0] !== keep.current.first) {
      // older history came in above: the same message stays in view
      el.scrollTop = keptScrollTop(keep.current, el.scrollHeight);
      keep.current = null;
    }
    if (scrollSignal !== lastSignal.current) {
      lastSignal.current = scrollSignal;
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, scrollSignal]);

  const separators = separatorIndexes(messages.map((m) => m.messageTime));
  return (
    <div
      ref={list}
      data-testid="chat-messages"
      className="h-[460px] shrink-0 overflow-y-auto bg-muted/20 px-4 py-2 max-desk:h-auto max-desk:min-h-0 max-desk:flex-[3]"
      onScroll={(event) => {
        const el = event.currentTarget;
        if (nearTop(el) && !loading && !blocked) {
          keep.current = { scrollTop: el.scrollTop, scrollHeight: el.scrollHeight, first: messages[0] };
          void chat.loadOlder();
        }
      }}
    >
      {loading && (
        <div className="flex justify-center py-2 text-muted-foreground">
          <LoaderCircleIcon className="size-4 animate-spin" />
        </div>
      )}
      {blocked && <div className="py-2 text-center text-xs text-muted-foreground">{t("loadFailed")}</div>}
      {messages.map((message, index) => (
        <div key={message.id ?? message.clientMsgId ?? index}>
          {separators.has(index) && (
            <div data-testid="chat-time-separator" className="my-2 text-center text-xs text-muted-foreground">
              {parseTime(message.messageTime, "{y}-{m}-{d} {h}:{i}")}
            </div>
          )}
          <MessageItem message={message} now={now} onPreview={onPreview} />
        </div>
      ))}
    </div>
  );
}

function MessageItem({ message, now, onPreview }: { message: ChatMessage; now: number; onPreview: (url: string) => void }) {
  const t = useTranslations("chat");
  const self = message.self;
  return (
    <div data-testid="chat-message" data-self={self ? "true" : "false"} className={cn("my-3 flex gap-2", self && "flex-row-reverse")}>
      <ChatAvatar src={message.userImg} name={message.userNickName} />
      <div className={cn("flex max-w-[75%] flex-col", self ? "items-end" : "items-start")}>
        <div className={cn("mb-1 flex items-center gap-2 text-xs text-muted-foreground", self && "flex-row-reverse")}>
          <span data-testid="chat-message-name">{message.userNickName}</span>
          <RelativeTimeLabel time={message.messageTime} now={now} />
        </div>
        <div className={cn("flex items-end gap-1", self && "flex-row-reverse")}>
          <div
            data-testid="chat-message-content"
            className={cn(
              "rounded-lg px-3 py-2 text-sm",
              self ? "bg-primary text-primary-foreground" : "border bg-background",
              message.contentType === "img" && "bg-transparent p-0 border-0",
            )}
          >
            <SegmentsView segments={message.content} onPreview={onPreview} />
          </div>
          {message.state === "sending" && <LoaderCircleIcon className="size-3 animate-spin text-muted-foreground" />}
          {message.state === "failed" && (
            <span title={t("sendFailed")} data-testid="chat-message-failed">
              <AlertCircleIcon className="size-4 text-destructive" />
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
