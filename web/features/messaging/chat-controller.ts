/**
 * The chat popup's state and actions (spec §2.7, §4.3–4.6): rooms 10 a page, the open room's history
 * (10 a page, newest first, older pages on scroll), incoming socket messages, sending text and images.
 * The rules themselves are the pure functions of chat-rooms.ts and chat-segments.ts.
 */
import {
  applyIncoming,
  canLoadNext,
  type ChatMessage,
  type ChatRoom,
  emptyRoom,
  lastContentOf,
  mergeRoomsPage,
  moveToTop,
  parseSavedRoom,
  pinSavedRoom,
  prependHistory,
  roomsUnread,
  appendMessage,
  settleSent,
  type SocketMessage,
} from "./chat-rooms";
import {
  type ChatSegment,
  type ContentType,
  chatAssetUrl,
  clientMessageId,
  type EmojiEntry,
  type EmojiIndex,
  emojiIndex,
  splitSegments,
} from "./chat-segments";
import { OssUploadError, ossUpload } from "./oss-upload";
import { parseTime } from "@/lib/time";
import { chatApi } from "./api";
import { Store } from "./store";

/** The room another screen asks the chat to open (spec §2.7: saved in session storage). */
export const SAVED_ROOM_KEY = "chatRoom";
export const CHAT_IMAGE_MAX = 5 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ["png", "jpg", "jpeg", "gif", "webp"] as const;

export interface ChatState {
  show: boolean;
  /** the target chat user: the room (shopId) another screen asked to open */
  target: number | null;
  rooms: ChatRoom[];
  roomsPage: number;
  roomsPages: number;
  roomsTotal: number;
  roomsLoading: boolean;
  roomsFailed: boolean;
  activeRoom: ChatRoom | null;
  activeShopId: number | null;
  messages: ChatMessage[];
  historyPage: number;
  historyPages: number;
  historyLoading: boolean;
  /** a failed history load blocks further history loading (spec §8) */
  historyBlocked: boolean;
  /** increments whenever the pane should scroll to the newest message */
  scrollToBottom: number;
  /** the desk's unread over all rooms: the global chat badge */
  badge: number;
  badgeKnown: boolean;
  /** a message arrived for a room that is not open */
  unreadFlag: boolean;
  emoji: EmojiEntry[];
  emojiIndex: EmojiIndex;
  upload: { done: number; count: number; percent: number } | null;
  connected: boolean;
}

export interface ChatDeps {
  me: { nickName: string; avatar: string };
  /** toasts */
  warn: (text: string) => void;
  error: (text: string, duration?: number) => void;
  /** the message keys the controller needs worded */
  text: (key: "emptyMessage" | "sendFailed") => string;
  /** something changed that the global counts may follow */
  onActivity?: () => void;
  playSound?: (url: string) => void;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
}

const initial: ChatState = {
  show: false,
  target: null,
  rooms: [],
  roomsPage: 0,
  roomsPages: 0,
  roomsTotal: 0,
  roomsLoading: false,
  roomsFailed: false,
  activeRoom: null,
  activeShopId: null,
  messages: [],
  historyPage: 0,
  historyPages: 0,
  historyLoading: false,
  historyBlocked: false,
  scrollToBottom: 0,
  badge: 0,
  badgeKnown: false,
  unreadFlag: false,
  emoji: [],
  emojiIndex: new Map(),
  upload: null,
  connected: false,
};

function defaultStorage(): ChatDeps["storage"] {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function playDefault(url: string) {
  try {
    void new Audio(url).play().catch(() => undefined);
  } catch {
    // no audio in this browser
  }
}

export class ChatController {
  readonly store = new Store<ChatState>({ ...initial });
  private historyToken = 0;
  private roomsToken = 0;
  private emojiLoading: Promise<void> | null = null;
  private readonly storage: ChatDeps["storage"];

  constructor(private deps: ChatDeps) {
    this.storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  }

  /** Words the prompts in the console's current language (the provider calls it when the language changes). */
  setWording(text: ChatDeps["text"]) {
    this.deps = { ...this.deps, text };
  }

  private get state() {
    return this.store.get();
  }

  // ---- popup --------------------------------------------------------------------------------------

  open = (): void => {
    this.store.set({ show: true, unreadFlag: false });
    void this.loadEmoji();
    void this.loadRooms(1);
  };

  close = (): void => {
    this.store.set({ show: false });
    this.selectRoom(null);
  };

  toggle = (): void => (this.state.show ? this.close() : this.open());

  /** Opens the chat on a room (another screen's 'contact' button): saved in session storage, then shown. */
  openWith = (room: ChatRoom): void => {
    this.storage?.setItem(SAVED_ROOM_KEY, JSON.stringify(room));
    this.store.set({ target: room.shopId });
    if (this.state.show) void this.loadRooms(1);
    else this.open();
  };

  setConnected = (connected: boolean): void => this.store.set({ connected });

  /**
   * After a reconnect: what arrived while the socket was down is not replayed to staff, so an open
   * popup reloads its first page of rooms and the open room's newest history.
   */
  resync = (): void => {
    if (!this.state.show) return;
    void this.loadRooms(1);
    const room = this.state.activeRoom;
    if (room) {
      this.historyToken += 1;
      this.store.set({ messages: [], historyPage: 0, historyPages: 0, historyBlocked: false });
      void this.loadHistory(1);
    }
  };

  loadEmoji(): Promise<void> {
    if (this.state.emoji.length) return Promise.resolve();
    this.emojiLoading ??= chatApi
      .emoji()
      .then((body) => {
        const emoji = Array.isArray(body.data) ? body.data : [];
        this.store.set({ emoji, emojiIndex: emojiIndex(emoji) });
      })
      .catch(() => undefined)
      .finally(() => {
        this.emojiLoading = null;
      });
    return this.emojiLoading;
  }

  // ---- rooms ----------------------------------------------------------------------------------------

  /** Page 1 resets the list (every open); later pages only while the current page is below the total. */
  loadRooms = async (pageNo: number): Promise<void> => {
    const state = this.state;
    if (pageNo > 1 && (state.roomsLoading || !canLoadNext(state.roomsPage, state.roomsPages))) return;
    const token = ++this.roomsToken;
    this.store.set({ roomsLoading: true, roomsFailed: false });
    try {
      const body = await chatApi.rooms(pageNo);
      if (token !== this.roomsToken) return;
      const page = body.data;
      let rooms = mergeRoomsPage(this.state.rooms, page?.data ?? [], pageNo);
      let toOpen: ChatRoom | null = null;
      if (pageNo === 1) {
        const pinned = pinSavedRoom(rooms, parseSavedRoom(this.storage?.getItem(SAVED_ROOM_KEY) ?? null), this.state.target);
        rooms = pinned.rooms;
        toOpen = pinned.open;
        const active = this.state.activeShopId;
        if (active !== null && !toOpen) rooms = emptyRoom(rooms, active);
      }
      this.store.set({
        rooms,
        roomsPage: pageNo,
        roomsPages: page?.pages ?? 0,
        roomsTotal: page?.total ?? rooms.length,
        roomsLoading: false,
      });
      this.recomputeUnread();
      if (toOpen) {
        this.store.set({ target: null });
        await this.selectRoom(toOpen);
      }
    } catch {
      if (token !== this.roomsToken) return;
      // spec §8: the loading flag is reset and the unread recomputed
      this.store.set({ roomsLoading: false, roomsFailed: true });
      this.recomputeUnread();
    }
  };

  /** Until the socket tells the desk's total, the badge is the loaded rooms' sum. */
  private recomputeUnread(): void {
    if (!this.state.badgeKnown) this.store.set({ badge: roomsUnread(this.state.rooms) });
  }

  // ---- the open room ------------------------------------------------------------------------------------

  /** Opens a room's history and clears its dot; null clears the active room (the pane's close). */
  selectRoom = async (room: ChatRoom | null): Promise<void> => {
    this.historyToken += 1;
    if (!room) {
      this.store.set({ activeRoom: null, activeShopId: null, messages: [], historyPage: 0, historyPages: 0, historyLoading: false, historyBlocked: false });
      return;
    }
    const listed = this.state.rooms.find((item) => item.shopId === room.shopId);
    const unread = listed?.messageNum ?? room.messageNum ?? 0;
    const rooms = listed ? this.state.rooms : [room, ...this.state.rooms];
    this.store.set({
      activeRoom: { ...(listed ?? room), messageNum: 0 },
      activeShopId: room.shopId,
      messages: [],
      historyPage: 0,
      historyPages: 0,
      historyBlocked: false,
      rooms: moveToTop(emptyRoom(rooms, room.shopId), room.shopId),
      badge: Math.max(0, this.state.badge - unread),
    });
    await this.loadHistory(1);
  };

  /** Older history when scrolled near the top (never after a failed load, never past the last page). */
  loadOlder = async (): Promise<void> => {
    const state = this.state;
    if (!state.activeRoom || state.historyLoading || state.historyBlocked) return;
    if (!canLoadNext(state.historyPage, state.historyPages)) return;
    await this.loadHistory(state.historyPage + 1);
  };

  private async loadHistory(pageNo: number): Promise<void> {
    const room = this.state.activeRoom;
    if (!room) return;
    const token = this.historyToken;
    this.store.set({ historyLoading: true });
    try {
      const body = await chatApi.history(room.shopId, pageNo);
      if (token !== this.historyToken) return;
      const page = body.data;
      const messages = prependHistory(this.state.messages, page?.data ?? []);
      this.store.set((state) => ({
        messages,
        historyPage: pageNo,
        historyPages: page?.pages ?? 0,
        historyLoading: false,
        scrollToBottom: pageNo === 1 ? state.scrollToBottom + 1 : state.scrollToBottom,
      }));
      if (pageNo === 1) this.deps.onActivity?.();
    } catch {
      if (token !== this.historyToken) return;
      this.store.set({ historyLoading: false, historyBlocked: true });
    }
  }

  // ---- incoming (spec §4.5) ------------------------------------------------------------------------------

  receive = (data: unknown): void => {
    if (!data || typeof data !== "object") return;
    const message = data as SocketMessage;
    if (message.messageType === "jump") return;
    if (message.messageType !== "badge" && (message.messageType !== "friend" || !Array.isArray((message as ChatMessage).content))) {
      return;
    }
    const state = this.state;
    const { view, effects } = applyIncoming(
      { rooms: state.rooms, badge: state.badge, unreadFlag: state.unreadFlag, activeShopId: state.activeShopId, messages: state.messages },
      message,
    );
    const badgeKnown = state.badgeKnown || message.messageType === "badge" || typeof (message as ChatMessage).badgeNum === "number";
    this.store.set({ ...view, badgeKnown, scrollToBottom: effects.intoPane ? state.scrollToBottom + 1 : state.scrollToBottom });
    if (effects.sound) (this.deps.playSound ?? playDefault)(chatAssetUrl(effects.sound));
    const chat = message as ChatMessage;
    if (effects.intoPane && !chat.self) {
      // the open pane has shown it: the desk has read it
      chatApi.read(chat.toShopId).catch(() => undefined);
    }
    this.deps.onActivity?.();
  };

  // ---- outgoing (spec §4.6) ---------------------------------------------------------------------------------

  /** Sends the textarea's text; false (and a prompt) when there is nothing to send. */
  sendText = (text: string): boolean => {
    const room = this.state.activeRoom;
    if (!text.trim()) {
      this.deps.warn(this.deps.text("emptyMessage"));
      return false;
    }
    if (!room) return false;
    const content = splitSegments(text, this.state.emojiIndex);
    void this.sendContent(room, content, "txt");
    return true;
  };

  /** Each uploaded image is sent as its own message. */
  sendImages = async (files: File[]): Promise<void> => {
    const room = this.state.activeRoom;
    if (!room || !files.length) return;
    this.store.set({ upload: { done: 0, count: files.length, percent: 0 } });
    try {
      const uploaded = await ossUpload({
        files,
        maxSize: CHAT_IMAGE_MAX,
        getToken: async () => {
          const body = await chatApi.uploadCredentials("chat");
          if (!body.data) throw new OssUploadError("上传失败, 请重试");
          return body.data;
        },
        onProgress: ({ fileIndex, percent }) => this.store.set({ upload: { done: fileIndex, count: files.length, percent } }),
        notify: (text, duration) => this.deps.error(text, duration),
      });
      for (const file of uploaded) await this.sendContent(room, [{ type: "img", url: file.url }], "img");
    } catch (error) {
      if (error instanceof OssUploadError && error.message !== "网络错误，请检查一下网络") this.deps.error(error.message);
    } finally {
      this.store.set({ upload: null });
    }
  };

  private async sendContent(room: ChatRoom, content: ChatSegment[], contentType: ContentType): Promise<void> {
    const clientMsgId = clientMessageId();
    const local: ChatMessage = {
      messageType: "friend",
      clientMsgId,
      content,
      contentType,
      messageTime: parseTime(new Date()) ?? "",
      self: true,
      toShopId: room.shopId,
      receiveUid: room.receiveUid,
      userImg: this.deps.me.avatar,
      userNickName: this.deps.me.nickName,
      state: "sending",
    };
    // added at once, marked self; the room's dot cleared; the saved session room removed
    this.store.set((state) => ({
      messages: state.activeShopId === room.shopId ? appendMessage(state.messages, local) : state.messages,
      rooms: moveToTop(emptyRoom(state.rooms, room.shopId, lastContentOf(local)), room.shopId),
      scrollToBottom: state.scrollToBottom + 1,
    }));
    this.storage?.removeItem(SAVED_ROOM_KEY);
    try {
      const body = await chatApi.send({
        toShopId: room.shopId,
        receiveUid: room.receiveUid,
        toShopType: room.receiveShopType ?? 0,
        messageType: "friend",
        content,
        contentType,
        clientMsgId,
      });
      this.store.set((state) => ({ messages: settleSent(state.messages, clientMsgId, body.data ?? null) }));
    } catch {
      this.store.set((state) => ({ messages: settleSent(state.messages, clientMsgId, null) }));
    }
  }
}
