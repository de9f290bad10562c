import { describe, expect, it } from "vitest";
import {
  appendMessage,
  applyIncoming,
  canLoadNext,
  capped,
  type ChatMessage,
  type ChatRoom,
  type ChatView,
  emptyRoom,
  keptScrollTop,
  mergeRoomsPage,
  moveToTop,
  nearBottom,
  nearTop,
  parseSavedRoom,
  pinSavedRoom,
  plusRoom,
  prependHistory,
  roomsUnread,
  settleSent,
  unreadTotal,
} from "./chat-rooms";

const room = (shopId: number, messageNum = 0): ChatRoom => ({
  shopId,
  receiveUid: shopId * 10,
  toName: `u${shopId}`,
  toHeadImg: "",
  lastMessage: "暂无消息",
  contentType: "txt",
  messageNum,
});
const ids = (rooms: ChatRoom[]) => rooms.map((r) => r.shopId);
const msg = (over: Partial<ChatMessage>): ChatMessage => ({
  content: [{ type: "txt", txt: "hi" }],
  contentType: "txt",
  messageTime: "2026-06-30 12:00:00",
  self: false,
  toShopId: 1,
  ...over,
});
const view = (over: Partial<ChatView> = {}): ChatView => ({
  rooms: [room(1), room(2, 3), room(3)],
  badge: 3,
  unreadFlag: false,
  activeShopId: null,
  messages: [],
  ...over,
});

describe("room unread (spec 4.3)", () => {
  it("plus adds one and updates the last content; empty clears it", () => {
    const rooms = plusRoom([room(1), room(2, 2)], 2, { lastMessage: "[图片]", contentType: "img" });
    expect(rooms[1]).toMatchObject({ messageNum: 3, lastMessage: "[图片]", contentType: "img" });
    expect(rooms[0].messageNum).toBe(0);
    expect(emptyRoom(rooms, 2)[1]).toMatchObject({ messageNum: 0, lastMessage: "[图片]" });
  });

  it("moves a room to the top and leaves the others in order", () => {
    expect(ids(moveToTop([room(1), room(2), room(3)], 3))).toEqual([3, 1, 2]);
    expect(ids(moveToTop([room(1), room(2)], 1))).toEqual([1, 2]);
    expect(ids(moveToTop([room(1), room(2)], 9))).toEqual([1, 2]);
  });

  it("pages: page 1 replaces, later pages add unseen rooms, loading stops at the last page", () => {
    expect(ids(mergeRoomsPage([room(9)], [room(1), room(2)], 1))).toEqual([1, 2]);
    expect(ids(mergeRoomsPage([room(1), room(2)], [room(2), room(3)], 2))).toEqual([1, 2, 3]);
    expect(canLoadNext(1, 3)).toBe(true);
    expect(canLoadNext(3, 3)).toBe(false);
    expect(canLoadNext(1, 0)).toBe(false);
  });

  it("sums unread and caps the badge at 99+", () => {
    expect(roomsUnread([room(1, 2), room(2, 5), room(3, -1)])).toBe(7);
    expect(unreadTotal({ sysMsgNum: 2, orderMsgNum: 3 }, 4)).toBe(9);
    expect(unreadTotal(null, 4)).toBe(4);
    expect(capped(0)).toBe("");
    expect(capped(99)).toBe("99");
    expect(capped(100)).toBe("99+");
  });
});

describe("the saved session room", () => {
  it("moves the saved room to the top and opens it when a target is set", () => {
    const result = pinSavedRoom([room(1), room(2), room(3)], room(3), 3);
    expect(ids(result.rooms)).toEqual([3, 1, 2]);
    expect(result.open?.shopId).toBe(3);
  });

  it("puts the saved room first when it is not in the list", () => {
    const saved = { ...room(7), toName: "saved" };
    const result = pinSavedRoom([room(1)], saved, 7);
    expect(ids(result.rooms)).toEqual([7, 1]);
    expect(result.open?.toName).toBe("saved");
  });

  it("does nothing without a target or a saved room", () => {
    expect(pinSavedRoom([room(1)], room(3), null)).toEqual({ rooms: [room(1)], open: null });
    expect(pinSavedRoom([room(1)], null, 3)).toEqual({ rooms: [room(1)], open: null });
  });

  it("reads only a usable saved room", () => {
    expect(parseSavedRoom(JSON.stringify({ shopId: 4, toName: "x" }))).toMatchObject({ shopId: 4, toName: "x", messageNum: 0 });
    expect(parseSavedRoom("{bad")).toBeNull();
    expect(parseSavedRoom(JSON.stringify({ toName: "no id" }))).toBeNull();
    expect(parseSavedRoom(null)).toBeNull();
  });
});

describe("incoming messages (spec 4.5)", () => {
  it("ignores heartbeat answers and sets the badge from badge messages", () => {
    const start = view();
    expect(applyIncoming(start, { messageType: "jump" }).view).toBe(start);
    expect(applyIncoming(start, { messageType: "badge", badgeNum: 12 }).view.badge).toBe(12);
  });

  it("counts a message for a closed room as unread, flags it, moves the room up and plays the sound", () => {
    const { view: next, effects } = applyIncoming(
      view(),
      msg({ toShopId: 3, badgeNum: 4, mp3Url: "/chat/sound/notify.wav", content: [{ type: "img", url: "/profile/a.png" }], contentType: "img" }),
    );
    expect(ids(next.rooms)).toEqual([3, 1, 2]);
    expect(next.rooms[0]).toMatchObject({ messageNum: 1, lastMessage: "[图片]", contentType: "img" });
    expect(next.badge).toBe(4);
    expect(next.unreadFlag).toBe(true);
    expect(effects).toEqual({ sound: "/chat/sound/notify.wav", intoPane: false });
  });

  it("puts a message for the open room into the pane and empties the room", () => {
    const { view: next, effects } = applyIncoming(view({ activeShopId: 2 }), msg({ id: 5, toShopId: 2 }));
    expect(next.messages).toHaveLength(1);
    expect(next.rooms[0]).toMatchObject({ shopId: 2, messageNum: 0, lastMessage: "hi" });
    expect(next.unreadFlag).toBe(false);
    expect(effects.intoPane).toBe(true);
  });

  it("adds a room first seen through a message", () => {
    const { view: next } = applyIncoming(view(), msg({ toShopId: 8, userNickName: "小明", userImg: "/profile/a.png", receiveUid: 42 }));
    expect(next.rooms[0]).toMatchObject({ shopId: 8, toName: "小明", receiveUid: 42, messageNum: 1 });
  });

  it("does not count a colleague's answer as unread", () => {
    const { view: next } = applyIncoming(view(), msg({ toShopId: 2, self: true }));
    expect(next.rooms[0]).toMatchObject({ shopId: 2, messageNum: 0 });
    expect(next.unreadFlag).toBe(false);
  });
});

describe("the pane's messages", () => {
  it("appends new messages and merges the echo of our own send", () => {
    const mine = msg({ clientMsgId: "c1", self: true, state: "sending" });
    const list = appendMessage([], mine);
    const echoed = appendMessage(list, msg({ id: 9, clientMsgId: "c1", self: true }));
    expect(echoed).toHaveLength(1);
    expect(echoed[0]).toMatchObject({ id: 9, state: undefined });
    expect(appendMessage(echoed, msg({ id: 9 }))).toHaveLength(1);
    expect(appendMessage(echoed, msg({ id: 10 }))).toHaveLength(2);
  });

  it("puts an older page (newest first) above, oldest at the top, without duplicates", () => {
    const shown = [msg({ id: 11 }), msg({ id: 12 })];
    const merged = prependHistory(shown, [msg({ id: 11 }), msg({ id: 10 }), msg({ id: 9 })]);
    expect(merged.map((m) => m.id)).toEqual([9, 10, 11, 12]);
  });

  it("settles a sent message with the core's answer or marks it failed", () => {
    const list = [msg({ clientMsgId: "a", state: "sending" }), msg({ clientMsgId: "b", state: "sending" })];
    const settled = settleSent(list, "a", msg({ id: 3, clientMsgId: "a", messageTime: "2026-07-01 00:00:00" }));
    expect(settled[0]).toMatchObject({ id: 3, self: true, state: undefined, messageTime: "2026-07-01 00:00:00" });
    expect(settleSent(settled, "b", null)[1].state).toBe("failed");
  });
});

describe("scrolling", () => {
  it("loads within 10 px of an edge and keeps the position when older messages come in above", () => {
    expect(nearBottom({ scrollTop: 490, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(nearBottom({ scrollTop: 489, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
    expect(nearTop({ scrollTop: 10, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(nearTop({ scrollTop: 11, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
    expect(keptScrollTop({ scrollTop: 4, scrollHeight: 1000 }, 1600)).toBe(604);
  });
});
