/**
 * The chat's pure rules: rooms and their unread counts (spec §4.3), incoming messages (§4.5), the
 * pane's message list (history pages newest first, new messages at the bottom), the saved session room
 * (§2.7) and the global unread total (§3).
 */
import type { components } from "@/lib/api/core-types";
import { type ChatSegment, type ContentType, previewOf } from "./chat-segments";

/** One conversation of POST /admin/chat/v1/rooms; shopId is the room's id. */
export interface ChatRoom {
  shopId: number;
  receiveUid: number;
  receiveShopId?: number;
  receiveShopType?: number;
  toName: string;
  toHeadImg: string;
  lastMessage: string;
  contentType: ContentType | string;
  messageNum: number;
  status?: string;
  lastMessageTime?: string | null;
}

/** A message of the pane, from the history or the socket (messageType 'friend'). */
export interface ChatMessage {
  id?: number;
  clientMsgId?: string | null;
  messageType?: string;
  content: ChatSegment[];
  contentType: ContentType;
  messageTime: string;
  self: boolean;
  toShopId: number;
  receiveUid?: number;
  receiveShopId?: number;
  toShopType?: number;
  userUid?: number;
  userImg?: string;
  userNickName?: string;
  badgeNum?: number;
  mp3Url?: string;
  /** client side: 'sending' until the core answers, 'failed' if it refused */
  state?: "sending" | "failed";
}

/** A socket 'message' event: a heartbeat answer, a badge update or a chat message. */
export type SocketMessage =
  | { messageType: "jump" }
  | { messageType: "badge"; badgeNum: number }
  | (ChatMessage & { messageType?: string });

export const PAGE_SIZE = 10;
export const SCROLL_THRESHOLD = 10;
export const UNREAD_CAP = 99;

// ---- rooms ------------------------------------------------------------------------------------

export interface LastContent {
  lastMessage: string;
  contentType: ContentType;
}

export function lastContentOf(message: Pick<ChatMessage, "content" | "contentType">): LastContent {
  return { lastMessage: previewOf(message.content, message.contentType), contentType: message.contentType };
}

/** 'plus': one more unread; the last content updated when given. */
export function plusRoom(rooms: readonly ChatRoom[], shopId: number, last?: LastContent): ChatRoom[] {
  return rooms.map((room) => (room.shopId === shopId ? { ...room, ...last, messageNum: room.messageNum + 1 } : room));
}

/** 'empty': no unread; the last content updated when given. */
export function emptyRoom(rooms: readonly ChatRoom[], shopId: number, last?: LastContent): ChatRoom[] {
  return rooms.map((room) => (room.shopId === shopId ? { ...room, ...last, messageNum: 0 } : room));
}

/** Selecting or receiving a room moves it to the top. */
export function moveToTop(rooms: readonly ChatRoom[], shopId: number): ChatRoom[] {
  const index = rooms.findIndex((room) => room.shopId === shopId);
  if (index <= 0) return [...rooms];
  return [rooms[index], ...rooms.slice(0, index), ...rooms.slice(index + 1)];
}

/** A loaded page: page 1 replaces the list, later pages add the rooms not already shown. */
export function mergeRoomsPage(rooms: readonly ChatRoom[], page: readonly ChatRoom[], pageNo: number): ChatRoom[] {
  if (pageNo <= 1) return dedupeRooms(page);
  const seen = new Set(rooms.map((room) => room.shopId));
  return [...rooms, ...page.filter((room) => !seen.has(room.shopId))];
}

function dedupeRooms(rooms: readonly ChatRoom[]): ChatRoom[] {
  const seen = new Set<number>();
  return rooms.filter((room) => (seen.has(room.shopId) ? false : (seen.add(room.shopId), true)));
}

/** The next page may load only while the current page does not exceed the total pages. */
export function canLoadNext(pageNo: number, pages: number): boolean {
  return pageNo < pages;
}

/**
 * The session-storage room (spec §2.7): with a target chat user set, the saved room (matched by
 * shopId) is moved to the top, or put first when it is not in the list. Returns the room to open.
 */
export function pinSavedRoom(
  rooms: readonly ChatRoom[],
  saved: ChatRoom | null,
  targetId: number | null,
): { rooms: ChatRoom[]; open: ChatRoom | null } {
  if (!saved || targetId === null || targetId === undefined) return { rooms: [...rooms], open: null };
  const existing = rooms.find((room) => room.shopId === saved.shopId);
  if (existing) return { rooms: moveToTop(rooms, saved.shopId), open: existing };
  return { rooms: [saved, ...rooms], open: saved };
}

/** Parses the saved room of session storage; anything unusable is no room. */
export function parseSavedRoom(raw: string | null): ChatRoom | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ChatRoom>;
    if (typeof value?.shopId !== "number") return null;
    return {
      receiveUid: 0,
      toName: "",
      toHeadImg: "",
      lastMessage: "",
      contentType: "txt",
      messageNum: 0,
      ...value,
    } as ChatRoom;
  } catch {
    return null;
  }
}

/** A room first seen through a message (a customer who was not on the loaded pages). */
export function roomFromMessage(message: ChatMessage): ChatRoom {
  return {
    shopId: message.toShopId,
    receiveUid: message.receiveUid ?? 0,
    receiveShopId: message.receiveShopId ?? 0,
    receiveShopType: message.toShopType ?? 0,
    toName: message.self ? "" : (message.userNickName ?? ""),
    toHeadImg: message.self ? "" : (message.userImg ?? ""),
    ...lastContentOf(message),
    messageNum: 0,
  };
}

// ---- unread ------------------------------------------------------------------------------------

/** Sum of the rooms' unread counts. */
export function roomsUnread(rooms: readonly ChatRoom[]): number {
  return rooms.reduce((sum, room) => sum + Math.max(0, room.messageNum || 0), 0);
}

export type MessageCounts = components["schemas"]["MessageCounts"];

/** The global unread total: orderMsgNum + sysMsgNum + the chat rooms' unread. */
export function unreadTotal(counts: MessageCounts | null | undefined, chatUnread: number): number {
  return Math.max(0, (counts?.sysMsgNum ?? 0) + (counts?.orderMsgNum ?? 0) + Math.max(0, chatUnread));
}

/** A count as a badge shows it: nothing at 0, capped at '99+'. */
export function capped(count: number): string {
  if (!count || count <= 0) return "";
  return count > UNREAD_CAP ? `${UNREAD_CAP}+` : String(count);
}

// ---- incoming (spec §4.5) ---------------------------------------------------------------------------

export interface ChatView {
  rooms: ChatRoom[];
  /** the global chat badge (the desk's unread over all its rooms) */
  badge: number;
  /** set when a message arrives for a room that is not open */
  unreadFlag: boolean;
  /** the open room's id, or null */
  activeShopId: number | null;
  /** the open room's messages, oldest first */
  messages: ChatMessage[];
}

export interface IncomingEffects {
  /** the sound to play, as the core gave it */
  sound: string | null;
  /** the message went into the open pane (scroll to the bottom, tell the core it was read) */
  intoPane: boolean;
}

export function applyIncoming(view: ChatView, message: SocketMessage): { view: ChatView; effects: IncomingEffects } {
  const none: IncomingEffects = { sound: null, intoPane: false };
  if (message.messageType === "jump") return { view, effects: none };
  if (message.messageType === "badge") {
    const badgeNum = Number((message as { badgeNum?: number }).badgeNum);
    return { view: Number.isFinite(badgeNum) ? { ...view, badge: Math.max(0, badgeNum) } : view, effects: none };
  }
  const chat = message as ChatMessage;
  let next: ChatView = { ...view };
  if (typeof chat.badgeNum === "number") next.badge = Math.max(0, chat.badgeNum);
  const sound = chat.mp3Url || null;
  const last = lastContentOf(chat);
  const known = next.rooms.some((room) => room.shopId === chat.toShopId);
  let rooms = known ? next.rooms : [roomFromMessage(chat), ...next.rooms];
  const intoPane = next.activeShopId !== null && chat.toShopId === next.activeShopId;
  if (intoPane) {
    rooms = emptyRoom(rooms, chat.toShopId, last);
    next.messages = appendMessage(next.messages, chat);
  } else if (chat.self) {
    rooms = emptyRoom(rooms, chat.toShopId, last); // another desk member answered: nothing unread
  } else {
    next.unreadFlag = true;
    rooms = plusRoom(rooms, chat.toShopId, last);
  }
  next = { ...next, rooms: moveToTop(rooms, chat.toShopId) };
  return { view: next, effects: { sound, intoPane } };
}

// ---- the pane's messages -----------------------------------------------------------------------------

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a.id !== undefined && b.id !== undefined && a.id === b.id) return true;
  return !!a.clientMsgId && a.clientMsgId === b.clientMsgId;
}

/** A new message at the bottom; one already shown (the echo of our own send) replaces it in place. */
export function appendMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((item) => sameMessage(item, message));
  if (index < 0) return [...messages, message];
  const merged = { ...messages[index], ...message, state: undefined };
  return [...messages.slice(0, index), merged, ...messages.slice(index + 1)];
}

/** A history page (newest first) before the shown messages; duplicates dropped. */
export function prependHistory(messages: readonly ChatMessage[], pageNewestFirst: readonly ChatMessage[]): ChatMessage[] {
  const older = [...pageNewestFirst].reverse().filter((old) => !messages.some((item) => sameMessage(item, old)));
  return [...older, ...messages];
}

/** The core's answer to our send replaces the message we showed at once. */
export function settleSent(messages: readonly ChatMessage[], clientMsgId: string, answer: ChatMessage | null): ChatMessage[] {
  return messages.map((item) => {
    if (item.clientMsgId !== clientMsgId) return item;
    return answer ? { ...item, ...answer, self: true, state: undefined } : { ...item, state: "failed" };
  });
}

// ---- scrolling -------------------------------------------------------------------------------------------

interface Scroller {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function nearBottom(el: Scroller, threshold = SCROLL_THRESHOLD): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

export function nearTop(el: Scroller, threshold = SCROLL_THRESHOLD): boolean {
  return el.scrollTop <= threshold;
}

/** After older messages were put above, the scroll position that keeps the same message in view. */
export function keptScrollTop(before: { scrollTop: number; scrollHeight: number }, scrollHeightAfter: number): number {
  return scrollHeightAfter - before.scrollHeight + before.scrollTop;
}
