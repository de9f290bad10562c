/**
 * The core calls of the message centre and the chat, through the typed core client (their answers as the
 * core declares them, contract/messaging.py).
 */
import { answer, core } from "@/lib/api/core";
import type { components } from "@/lib/api/core-types";
import { consoleHeaders } from "@/lib/request";
import { type CentreTab, listBody } from "./chat-message-centre";
import { type MessageCounts, PAGE_SIZE } from "./chat-rooms";

export type SendBody = components["schemas"]["SendBody"];

export const chatApi = {
  rooms: (pageNo: number) => answer(core.POST("/admin/chat/v1/rooms", { body: { pageNo, pageSize: PAGE_SIZE } })),
  history: (shopId: number, pageNo: number) => answer(core.POST("/admin/chat/v1/history", { body: { pageNo, pageSize: PAGE_SIZE, shopId } })),
  send: (body: SendBody) => answer(core.POST("/admin/single/send", { body })),
  read: (shopId: number) => answer(core.POST("/admin/chat/v1/read", { body: { shopId } })),
  emoji: () => answer(core.GET("/admin/chat/v1/emoji")),
  uploadCredentials: (folder: string) => answer(core.GET("/admin/open/v1/qiniu_upload", { params: { query: { folder } } })),
};

export const centreApi = {
  list: (tab: CentreTab, pageNo: number) => answer(core.POST("/api/msg/v1/list", { body: listBody(tab, pageNo) })),
  read: (objId: number) => answer(core.POST("/api/msg/v1/del_read", { body: { messageIds: [objId], del: false } })),
  counts: () => answer(core.GET("/admin/common_message/message")),
  info: (objId: number) => answer(core.GET("/admin/common_message/message_info", { params: { query: { objId } } })),
};

/** A fetch that neither tells the user nor asks to sign in: the badge's background refresh. */
const quietFetch = (call: Request) => fetch(call, { cache: "no-store", signal: AbortSignal.timeout(15_000) });

/** The counts for the badge's background refresh: a failure is silent (the next refresh tries again). */
export async function quietCounts(): Promise<MessageCounts | null> {
  try {
    const { data, response } = await core.GET("/admin/common_message/message", { fetch: quietFetch, headers: consoleHeaders() });
    if (!response.ok || !data || data.code !== 200 || !("data" in data)) return null;
    return { sysMsgNum: data.data.sysMsgNum, orderMsgNum: data.data.orderMsgNum };
  } catch {
    return null;
  }
}
