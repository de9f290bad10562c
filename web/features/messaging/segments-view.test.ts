import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SegmentsView } from "./segments-view";
import type { ChatSegment } from "./chat-segments";

function render(segments: ChatSegment[]): string {
  return renderToStaticMarkup(createElement(SegmentsView, { segments }));
}

describe("the chat's message renderer", () => {
  it("shows the storage's pictures and the catalogue's emoji", () => {
    const html = render([
      { type: "txt", txt: "看图" },
      { type: "img", url: "/chat/emoji/1f600.svg", txt: "😀" },
      { type: "img", url: "/profile/chat/2026/01/01/a1.png" },
    ]);
    expect(html).toContain('src="/api/bff/chat/emoji/1f600.svg"');
    expect(html).toContain('src="/files/chat/2026/01/01/a1.png"');
  });

  it("never turns a foreign or traversing address into an image", () => {
    const html = render([
      { type: "img", url: "/profile/../api/bff/api/monitor/logininfor/unlock/admin" },
      { type: "img", url: "/chat/emoji/../../api/bff/api/tool/gen/synchDb/sys_user", txt: "😀" },
      { type: "img", url: "javascript:alert(1)" },
      { type: "img", url: "https://evil.example/pixel.png" },
    ]);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("/bff/api/");
    expect(html).not.toContain("evil.example");
    expect(html.match(/data-testid="chat-image-broken"/g)).toHaveLength(3);
    expect(html).toContain("😀"); // the emoji's text stays
  });
});
