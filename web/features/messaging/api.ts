/**
 * The core calls of the message centre and the chat (through the BFF's pass-through /bff/api/...).
 */
import type { CentreMessage, CentreMessageDetail, CentreTab } from "./chat-message-centre";
import { listBody } from "./chat-message-centre";
import type { ChatMessage, ChatRoom, MessageCounts } from "./chat-rooms";
import { PAGE_SIZE } from "./chat-rooms";
import type { ChatSegment, ContentType, EmojiEntry } from "./chat-segments";
import type { UploadCredentials } from "./oss-upload";
import { consoleHeaders, request } from "@/lib/request";

/** The business page of the chat and message lists (spec §3: data.pages, data.data). */
export interface BusinessPage<T> {
  pages: number;
  total: number;
  pageNo: number;
  pageSize: number;
  data: T[];
}

export interface CountsData extends MessageCounts {
  token?: string;
}

export interface SendBody {
  toShopId: number;
  receiveUid: number;
  toShopType: number;
  messageType: "friend";
  content: ChatSegment[];
  contentType: ContentType;
  clientMsgId: string;
}

const post = <T>(path: string, data: unknown) => request<T>(path, { method: "POST", data });

export const chatApi = {
  rooms: (pageNo: number) => post<BusinessPage<ChatRoom>>("api/admin/chat/v1/rooms", { pageNo, pageSize: PAGE_SIZE }),
  history: (shopId: number, pageNo: number) =>
    post<BusinessPage<ChatMessage>>("api/admin/chat/v1/history", { pageNo, pageSize: PAGE_SIZE, shopId }),
  send: (body: SendBody) => post<ChatMessage>("api/admin/single/send", body),
  read: (shopId: number) => post<{ badgeNum: number }>("api/admin/chat/v1/read", { shopId }),
  emoji: () => request<EmojiEntry[]>("api/admin/chat/v1/emoji"),
  uploadCredentials: (folder: string) => request<UploadCredentials>("api/admin/open/v1/qiniu_upload", { params: { folder } }),
};

export const centreApi = {
  list: (tab: CentreTab, pageNo: number) => post<BusinessPage<CentreMessage>>("api/api/msg/v1/list", listBody(tab, pageNo)),
  read: (objId: number) => post<MessageCounts>("api/api/msg/v1/del_read", { messageIds: [objId], del: false }),
  counts: () => request<CountsData>("api/admin/common_message/message"),
  info: (objId: number) => request<CentreMessageDetail>("api/admin/common_message/message_info", { params: { objId } }),
};

/** The counts for the badge's background refresh: a failure is silent (the next refresh tries again). */
export async function quietCounts(): Promise<MessageCounts | null> {
  try {
    const response = await fetch("/api/bff/api/admin/common_message/message", {
      headers: consoleHeaders(),
      cache: "no-store",
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { code?: number | string; data?: CountsData };
    if (String(body.code ?? 200) !== "200" || !body.data) return null;
    return { sysMsgNum: Number(body.data.sysMsgNum) || 0, orderMsgNum: Number(body.data.orderMsgNum) || 0 };
  } catch {
    return null;
  }
}
