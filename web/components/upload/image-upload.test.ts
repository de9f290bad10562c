import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import { StatusSwitch } from "@/components/data-table/status-switch";
import { ImageUpload } from "./image-upload";

function render(locale: string, messages: typeof zh, element: ReturnType<typeof createElement>): string {
  const provider: ComponentProps<typeof NextIntlClientProvider> = { locale, messages, timeZone: "Asia/Shanghai", children: element };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, provider));
}

const upload = (props: { value: string; label?: string; limit?: number }) => createElement(ImageUpload, { onChange: () => undefined, ...props });

describe("what a screen reader hears of the picture cards and the status switches", () => {
  it("names the add card and each tile after the field they belong to", () => {
    const html = render("zh-CN", zh, upload({ value: "/a/1.png,/a/2.png", label: "图片 红色/XL" }));
    expect(html).toContain('aria-label="上传图片：图片 红色/XL"');
    expect(html).toContain('alt="图片 红色/XL 1"');
    expect(html).toContain('alt="图片 红色/XL 2"');
    expect(html).toContain('aria-label="删除 图片 红色/XL 1"');
    expect(html).toContain('aria-label="预览 图片 红色/XL 2"');
  });

  it("falls back to 图片 without a field, and a single picture carries no number", () => {
    const html = render("zh-CN", zh, upload({ value: "/a/1.png" }));
    expect(html).toContain('alt="图片"');
    expect(html).toContain('aria-label="上传图片"');
    expect(render("en", en as typeof zh, upload({ value: "", label: "Cover" }))).toContain('aria-label="Upload an image：Cover"');
  });

  it("names a row's switch after its row, in the operator's language", () => {
    expect(render("zh-CN", zh, createElement(StatusSwitch, { name: "张三", checked: true }))).toContain('aria-label="状态：张三"');
    expect(render("en", en as typeof zh, createElement(StatusSwitch, { name: "ry", checked: false }))).toContain('aria-label="Status: ry"');
  });
});
