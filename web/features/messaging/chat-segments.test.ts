import { describe, expect, it } from "vitest";
import {
  chatAssetUrl,
  clientMessageId,
  type EmojiEntry,
  emojiIndex,
  insertAt,
  isEmojiSegment,
  lastMessageSegments,
  previewOf,
  splitSegments,
} from "./chat-segments";

const entry = (id: number, emoji: string): EmojiEntry => ({
  id,
  type: "1",
  title: `t${id}`,
  icon: `/chat/emoji/${emoji.codePointAt(0)?.toString(16)}.svg`,
  emoji,
  unified: `U+${emoji.codePointAt(0)?.toString(16)}`,
});
const index = emojiIndex([entry(1, "😀"), entry(2, "❤"), entry(3, "👍"), { ...entry(4, "🙂"), icon: "" }]);

describe("splitSegments", () => {
  it("turns emoji with an icon into image segments and keeps text runs whole", () => {
    expect(splitSegments("你好😀呀", index)).toEqual([
      { type: "txt", txt: "你好" },
      { type: "img", url: "/chat/emoji/1f600.svg", txt: "😀" },
      { type: "txt", txt: "呀" },
    ]);
  });

  it("keeps unknown emoji and emoji without an icon as text", () => {
    expect(splitSegments("a🙂b🦄", index)).toEqual([{ type: "txt", txt: "a🙂b🦄" }]);
  });

  it("matches an emoji followed by the presentation selector", () => {
    expect(splitSegments("❤️👍👍", index)).toEqual([
      { type: "img", url: "/chat/emoji/2764.svg", txt: "❤" },
      { type: "img", url: "/chat/emoji/1f44d.svg", txt: "👍" },
      { type: "img", url: "/chat/emoji/1f44d.svg", txt: "👍" },
    ]);
  });

  it("gives nothing for empty text and text alone without a catalogue", () => {
    expect(splitSegments("", index)).toEqual([]);
    expect(splitSegments("hi😀", new Map())).toEqual([{ type: "txt", txt: "hi😀" }]);
  });
});

describe("room previews", () => {
  it("shows [图片] for images, 暂无消息 for none, text with inline emoji otherwise", () => {
    expect(lastMessageSegments("whatever", "img", index)).toEqual([{ type: "txt", txt: "[图片]" }]);
    expect(lastMessageSegments("", "txt", index)).toEqual([{ type: "txt", txt: "暂无消息" }]);
    expect(lastMessageSegments(null, null, index)).toEqual([{ type: "txt", txt: "暂无消息" }]);
    expect(lastMessageSegments("好😀", "txt", index)).toEqual([
      { type: "txt", txt: "好" },
      { type: "img", url: "/chat/emoji/1f600.svg", txt: "😀" },
    ]);
  });

  it("previews a message by its segments' text", () => {
    expect(previewOf([{ type: "txt", txt: "a" }, { type: "img", url: "/chat/emoji/1f600.svg", txt: "😀" }], "txt")).toBe("a😀");
    expect(previewOf([{ type: "img", url: "/profile/x.png" }], "img")).toBe("[图片]");
    expect(previewOf([{ type: "txt", text: "other form" }], "txt")).toBe("other form");
  });
});

describe("assets", () => {
  it("loads emoji and sound through the BFF and uploads through /files", () => {
    expect(chatAssetUrl("/chat/emoji/1f600.svg")).toBe("/api/bff/chat/emoji/1f600.svg");
    expect(chatAssetUrl("/chat/sound/notify.wav")).toBe("/api/bff/chat/sound/notify.wav");
    expect(chatAssetUrl("/profile/upload/a.png")).toBe("/files/upload/a.png");
    expect(chatAssetUrl("https://cdn.example/file/chat/a.png", "https://cdn.example")).toBe("https://cdn.example/file/chat/a.png");
    expect(chatAssetUrl(undefined)).toBe("");
  });

  it("loads nothing that is not the console's own storage", () => {
    for (const url of [
      "/profile/../api/bff/api/monitor/logininfor/unlock/admin",
      "/profile/a/%2e%2e/b.png",
      "/profile//a.png",
      "/profile/.env",
      "/chat/emoji/../../api/bff/api/x",
      "/api/bff/api/tool/gen/synchDb/sys_user",
      "javascript:alert(1)",
      "data:image/svg+xml,<svg/>",
      "https://evil.example/a.png",
      "https://cdn.example.evil.example/file/a.png",
      "https://cdn.example/file/../a.png",
    ]) {
      expect(chatAssetUrl(url, "https://cdn.example"), url).toBe("");
    }
    // without an object store only the local storage counts
    expect(chatAssetUrl("https://cdn.example/file/chat/a.png", "")).toBe("");
  });

  it("tells emoji images from sent pictures", () => {
    expect(isEmojiSegment({ type: "img", url: "/chat/emoji/1f600.svg" })).toBe(true);
    expect(isEmojiSegment({ type: "img", url: "/profile/a.png" })).toBe(false);
    expect(isEmojiSegment({ type: "txt", txt: "x" })).toBe(false);
  });

  it("makes client message ids the core accepts", () => {
    const id = clientMessageId(1_700_000_000_000, () => 0.5);
    expect(id).toMatch(/^[A-Za-z0-9_\-:.]{1,64}$/);
    expect(clientMessageId(1, () => 0.1)).not.toBe(clientMessageId(1, () => 0.2));
  });
});

describe("insertAt", () => {
  it("puts the emoji at the cursor, replacing a selection", () => {
    expect(insertAt("你好", 1, 1, "😀")).toEqual({ value: "你😀好", cursor: 3 });
    expect(insertAt("abcd", 1, 3, "😀")).toEqual({ value: "a😀d", cursor: 3 });
    expect(insertAt("ab", 9, 9, "x")).toEqual({ value: "abx", cursor: 3 });
  });
});
