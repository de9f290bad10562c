"use client";

import { LoaderCircleIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ChatAvatar } from "./chat-avatar";
import { SegmentsView } from "./segments-view";
import { UnreadCount } from "./unread-count";
import { canLoadNext, type ChatRoom, nearBottom } from "./chat-rooms";
import { lastMessageSegments } from "./chat-segments";
import { cn } from "@/lib/utils";
import type { ChatController } from "./chat-controller";
import { useStore } from "./store";

/** The 320 px room list: '客服消息（N）', 10 a page, the next page when scrolled near the bottom. */
export function ChatSidebar({ chat }: { chat: ChatController }) {
  const t = useTranslations("chat");
  const rooms = useStore(chat.store, (s) => s.rooms);
  const activeShopId = useStore(chat.store, (s) => s.activeShopId);
  const loading = useStore(chat.store, (s) => s.roomsLoading);
  const failed = useStore(chat.store, (s) => s.roomsFailed);
  const page = useStore(chat.store, (s) => s.roomsPage);
  const pages = useStore(chat.store, (s) => s.roomsPages);
  const badge = useStore(chat.store, (s) => s.badge);
  const index = useStore(chat.store, (s) => s.emojiIndex);

  return (
    <aside data-testid="chat-sidebar" className="flex w-[320px] shrink-0 flex-col border-r bg-muted/40 max-desk:w-full max-desk:border-r-0 max-desk:group-data-[room-open=true]/chat:hidden">
      <div className="flex h-14 shrink-0 items-center justify-between border-b px-4">
        <h2 data-testid="chat-title" className="text-base font-semibold">
          {t("title", { count: badge })}
        </h2>
        <button type="button" data-testid="chat-popup-close" aria-label={t("closePopup")} onClick={chat.close} className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground">
          <XIcon className="size-4" />
        </button>
      </div>
      <ul
        data-testid="chat-rooms"
        className="min-h-0 flex-1 overflow-y-auto"
        onScroll={(event) => {
          if (nearBottom(event.currentTarget) && canLoadNext(page, pages)) void chat.loadRooms(page + 1);
        }}
      >
        {rooms.map((room) => (
          <RoomItem key={room.shopId} room={room} active={room.shopId === activeShopId} onSelect={() => void chat.selectRoom(room)} index={index} />
        ))}
        {loading && (
          <li className="flex items-center justify-center gap-2 py-3 text-xs text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" />
            {t("loading")}
          </li>
        )}
        {!loading && failed && (
          <li className="py-3 text-center text-xs">
            <button type="button" data-testid="chat-rooms-retry" className="text-primary hover:underline" onClick={() => void chat.loadRooms(page + 1 > 1 && page > 0 ? page + 1 : 1)}>
              {t("loadFailed")}，{t("retry")}
            </button>
          </li>
        )}
        {!loading && !failed && rooms.length === 0 && <li className="py-6 text-center text-xs text-muted-foreground">{t("noRooms")}</li>}
      </ul>
    </aside>
  );
}

function RoomItem({
  room,
  active,
  onSelect,
  index,
}: {
  room: ChatRoom;
  active: boolean;
  onSelect: () => void;
  index: Parameters<typeof lastMessageSegments>[2];
}) {
  return (
    <li>
      <button
        type="button"
        data-testid="chat-room"
        data-shop-id={room.shopId}
        data-kind="room"
        aria-current={active ? "true" : undefined}
        onClick={onSelect}
        className={cn(
          "flex w-full items-center gap-3 border-b border-border/60 px-4 py-3 text-left hover:bg-background",
          active && "bg-background",
        )}
      >
        <span className="relative">
          <ChatAvatar src={room.toHeadImg} name={room.toName} className="size-10" />
          <UnreadCount count={room.messageNum} testId="chat-room-unread" className="absolute -top-1 -right-2" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center justify-between gap-2">
            <span data-testid="chat-room-name" className="truncate text-sm font-medium">
              {room.toName}
            </span>
          </span>
          <span data-testid="chat-room-last" className="mt-0.5 block truncate text-xs text-muted-foreground">
            <SegmentsView segments={lastMessageSegments(room.lastMessage, room.contentType, index)} emojiSize={14} className="whitespace-nowrap" />
          </span>
        </span>
      </button>
    </li>
  );
}
