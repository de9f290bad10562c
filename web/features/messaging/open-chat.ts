/**
 * For other screens (an order's 'contact the customer', a user's detail): open the chat popup on a
 * room. The room is saved in session storage and becomes the target chat user; when the rooms load
 * it is moved to the top (or put first) and opened (spec §2.7).
 */
import type { ChatRoom } from "./chat-rooms";

export const OPEN_CHAT_EVENT = "console:open-chat";

export function openChat(room: Pick<ChatRoom, "shopId"> & Partial<ChatRoom>): void {
  window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT, { detail: room }));
}
