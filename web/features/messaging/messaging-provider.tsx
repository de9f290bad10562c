"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { io } from "socket.io-client";
import { toast } from "sonner";
import { useConsole } from "@/components/layout/console-context";
import { type ChatRoom, parseSavedRoom } from "./chat-rooms";
import { ChatConnection } from "./chat-socket";
import { isDashboardNotice, LiveNotices } from "./live-notices";
import { hasPermi } from "@/lib/permission";
import { ChatController } from "./chat-controller";
import { CentreController } from "./centre-controller";
import { OPEN_CHAT_EVENT } from "./open-chat";
import { chatSocketUrl } from "./socket-url";
import { type Readable, Store, useStore } from "./store";

/** How often the message-centre counts are fetched again in the background. */
export const COUNTS_REFRESH = 10_000;

/** The service desk's read permission: without it no chat button, popup or socket (the core refuses them). */
export const DESK_LIST = "chat:desk:list";

interface MessagingValue {
  /** null without a chat token or chat:desk:list: no popup, no socket */
  chat: ChatController | null;
  centre: CentreController;
  /** the socket's "home figures changed" notices (only operators who may read the home page get them) */
  notices: LiveNotices;
}

const MessagingContext = createContext<MessagingValue | null>(null);

/**
 * The message centre and the chat for the whole console: the counts behind the header badge, the chat
 * socket (spec §4.4: started 2000 ms after the user info, heartbeat 10 s, reconnect through the
 * 'can init' flag), and the chat popup's state.
 */
export function MessagingProvider({ children }: { children: ReactNode }) {
  const { user, roles, permissions } = useConsole();
  const t = useTranslations("chat");
  const chatToken = hasPermi({ roles, permissions }, DESK_LIST) ? (user.token ?? "") : "";
  const [centre] = useState(() => new CentreController());
  const [notices] = useState(() => new LiveNotices());
  const [chat] = useState(() =>
    chatToken
      ? new ChatController({
          me: { nickName: user.nickName || user.userName, avatar: user.avatar ?? "" },
          warn: (text) => toast.warning(text),
          error: (text, duration) => toast.error(text, duration ? { duration } : undefined),
          text: (key) => t(key),
          onActivity: () => void centre.refreshCounts(),
        })
      : null,
  );

  // the prompts follow a change of language
  useEffect(() => {
    chat?.setWording((key) => t(key));
  }, [chat, t]);

  // the counts: now, every few seconds, and when the window comes back
  useEffect(() => {
    void centre.refreshCounts();
    const timer = window.setInterval(() => void centre.refreshCounts(), COUNTS_REFRESH);
    const onFocus = () => void centre.refreshCounts();
    window.addEventListener("focus", onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [centre]);

  // another screen asks for a conversation (open-chat.ts)
  useEffect(() => {
    if (!chat) return;
    const onOpen = (event: Event) => {
      const room = parseSavedRoom(JSON.stringify((event as CustomEvent<Partial<ChatRoom>>).detail ?? null));
      if (room) chat.openWith(room);
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
  }, [chat]);

  // the socket, once the user info is here (it is: the console layout loaded it)
  useEffect(() => {
    if (!chat || !chatToken) return;
    let connection: ChatConnection | null = null;
    let cancelled = false;
    let opened = false;
    chatSocketUrl()
      .catch(() => "")
      .then((url) => {
        if (cancelled) return;
        const options = {
          path: "/socket.io",
          auth: { token: chatToken },
          transports: ["websocket", "polling"],
          reconnection: false,
          autoConnect: true,
        };
        connection = new ChatConnection({
          open: () => (url ? io(url, options) : io(options)),
          onMessage: (data: unknown) => (isDashboardNotice(data) ? notices.emit() : chat.receive(data)),
          onOpen: () => {
            chat.setConnected(true);
            void centre.refreshCounts();
            if (opened) chat.resync();
            opened = true;
          },
          onClose: () => chat.setConnected(false),
        });
        connection.start();
      });
    return () => {
      cancelled = true;
      connection?.stop();
    };
  }, [chat, centre, chatToken, notices]);

  return <MessagingContext.Provider value={{ chat, centre, notices }}>{children}</MessagingContext.Provider>;
}

export function useMessaging(): MessagingValue {
  const value = useContext(MessagingContext);
  if (!value) throw new Error("useMessaging needs <MessagingProvider>");
  return value;
}

const NO_CHAT = new Store({ badge: 0 });

/** The chat's part of the global unread (the desk's unread over all rooms); 0 without a chat token. */
export function useChatBadge(): number {
  const { chat } = useMessaging();
  const store: Readable<{ badge: number }> = chat?.store ?? NO_CHAT;
  return useStore(store, (s) => s.badge);
}
