import { describe, expect, it } from "vitest";
import {
  type CentreMessage,
  decrementCount,
  exportJobOf,
  listBody,
  markRead,
  mergeMessages,
  needsRead,
  orderDetailPath,
} from "./chat-message-centre";

const item = (objId: number, over: Partial<CentreMessage> = {}): CentreMessage => ({
  objId,
  title: `m${objId}`,
  content: "",
  readed: false,
  messageType: 0,
  typeNo: "",
  createTime: null,
  ...over,
});

describe("message centre", () => {
  it("asks for 10 a page of the tab's kind", () => {
    expect(listBody("sys", 1)).toEqual({ pageNo: 1, pageSize: 10, orderMsg: false });
    expect(listBody("order", 3)).toEqual({ pageNo: 3, pageSize: 10, orderMsg: true });
  });

  it("replaces on page 1 and appends later pages without duplicates", () => {
    expect(mergeMessages([item(9)], [item(1)], 1).map((m) => m.objId)).toEqual([1]);
    expect(mergeMessages([item(1), item(2)], [item(2), item(3)], 2).map((m) => m.objId)).toEqual([1, 2, 3]);
  });

  it("reads only unread messages and takes one off the right counter", () => {
    expect(needsRead(item(1))).toBe(true);
    expect(needsRead(item(1, { readed: true }))).toBe(false);
    expect(markRead([item(1), item(2)], 2).map((m) => m.readed)).toEqual([false, true]);
    expect(decrementCount({ sysMsgNum: 2, orderMsgNum: 5 }, "sys")).toEqual({ sysMsgNum: 1, orderMsgNum: 5 });
    expect(decrementCount({ sysMsgNum: 2, orderMsgNum: 5 }, "order")).toEqual({ sysMsgNum: 2, orderMsgNum: 4 });
    expect(decrementCount({ sysMsgNum: 0, orderMsgNum: 0 }, "sys")).toEqual({ sysMsgNum: 0, orderMsgNum: 0 });
  });

  it("opens the order detail for type 1901 only", () => {
    expect(orderDetailPath({ messageType: 1901, typeNo: "NO 1" })).toBe("/myMenu/orderDetail?orderNo=NO%201");
    expect(orderDetailPath({ messageType: 1902, typeNo: "N1" })).toBeNull();
    expect(orderDetailPath({ messageType: 1901, typeNo: "" })).toBeNull();
  });
});

describe("export messages", () => {
  it("offer the export's download", () => {
    expect(exportJobOf({ messageType: 1801, typeNo: "12" })).toBe(12);
    expect(exportJobOf({ messageType: 1901, typeNo: "12" })).toBeNull();
    expect(exportJobOf({ messageType: 1801, typeNo: "../x" })).toBeNull();
  });
});
