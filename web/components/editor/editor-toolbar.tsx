"use client";

import { type Editor, useEditorState } from "@tiptap/react";
import {
  AlignCenterIcon,
  AlignJustifyIcon,
  AlignLeftIcon,
  AlignRightIcon,
  BoldIcon,
  CodeSquareIcon,
  FilmIcon,
  ImageIcon,
  IndentDecreaseIcon,
  IndentIncreaseIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  QuoteIcon,
  RemoveFormattingIcon,
  StrikethroughIcon,
  UnderlineIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useRef } from "react";
import { cn } from "@/lib/utils";

/** Sizes of the spec: small 10px, normal 14px, large 18px, huge 32px. */
export const FONT_SIZES = { small: "10px", normal: "14px", large: "18px", huge: "32px" } as const;
const HEADINGS = [1, 2, 3, 4, 5, 6] as const;

export function EditorToolbar({ editor, onUpload }: { editor: Editor; onUpload: (file: File, kind: "image" | "video") => void }) {
  const t = useTranslations("editor");
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      blockquote: e.isActive("blockquote"),
      codeBlock: e.isActive("codeBlock"),
      orderedList: e.isActive("orderedList"),
      bulletList: e.isActive("bulletList"),
      link: e.isActive("link"),
      heading: HEADINGS.find((level) => e.isActive("heading", { level })) ?? 0,
      fontSize: (e.getAttributes("textStyle").fontSize as string | undefined) ?? "",
      align: (["left", "center", "right", "justify"] as const).find((a) => e.isActive({ textAlign: a })) ?? "left",
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (key: string, label: string, on: boolean, run: () => void, icon: ReactNode) => (
    <button
      key={key}
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={on}
      data-testid={`editor-${key}`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      className={cn("rounded p-1.5 hover:bg-muted", on && "bg-primary/10 text-primary")}
    >
      {icon}
    </button>
  );
  const icon = "size-4";
  const setLink = () => {
    const previous = editor.getAttributes("link").href as string | undefined;
    const url = window.prompt(t("linkPrompt"), previous ?? "https://");
    if (url === null) return;
    if (url === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: url }).run();
  };

  return (
    <div data-testid="editor-toolbar" className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 px-1.5 py-1">
      {button("bold", t("bold"), active.bold, () => chain().toggleBold().run(), <BoldIcon className={icon} />)}
      {button("italic", t("italic"), active.italic, () => chain().toggleItalic().run(), <ItalicIcon className={icon} />)}
      {button("underline", t("underline"), active.underline, () => chain().toggleUnderline().run(), <UnderlineIcon className={icon} />)}
      {button("strike", t("strike"), active.strike, () => chain().toggleStrike().run(), <StrikethroughIcon className={icon} />)}
      <span className="mx-1 h-5 w-px bg-border" />
      {button("blockquote", t("blockquote"), active.blockquote, () => chain().toggleBlockquote().run(), <QuoteIcon className={icon} />)}
      {button("codeBlock", t("codeBlock"), active.codeBlock, () => chain().toggleCodeBlock().run(), <CodeSquareIcon className={icon} />)}
      {button("orderedList", t("orderedList"), active.orderedList, () => chain().toggleOrderedList().run(), <ListOrderedIcon className={icon} />)}
      {button("bulletList", t("bulletList"), active.bulletList, () => chain().toggleBulletList().run(), <ListIcon className={icon} />)}
      {button("indent", t("indent"), false, () => chain().sinkListItem("listItem").run(), <IndentIncreaseIcon className={icon} />)}
      {button("outdent", t("outdent"), false, () => chain().liftListItem("listItem").run(), <IndentDecreaseIcon className={icon} />)}
      <span className="mx-1 h-5 w-px bg-border" />
      <select
        data-testid="editor-size"
        aria-label={t("size")}
        value={Object.entries(FONT_SIZES).find(([, px]) => px === active.fontSize)?.[0] ?? "normal"}
        onChange={(e) => {
          const px = FONT_SIZES[e.target.value as keyof typeof FONT_SIZES];
          if (e.target.value === "normal") chain().unsetFontSize().run();
          else chain().setFontSize(px).run();
        }}
        className="h-7 rounded border bg-background px-1 text-xs"
      >
        {Object.keys(FONT_SIZES).map((size) => (
          <option key={size} value={size}>
            {t(`sizes.${size}`)}
          </option>
        ))}
      </select>
      <select
        data-testid="editor-heading"
        aria-label={t("heading")}
        value={active.heading}
        onChange={(e) => {
          const level = Number(e.target.value) as (typeof HEADINGS)[number] | 0;
          if (level === 0) chain().setParagraph().run();
          else chain().toggleHeading({ level }).run();
        }}
        className="h-7 rounded border bg-background px-1 text-xs"
      >
        <option value={0}>{t("paragraph")}</option>
        {HEADINGS.map((level) => (
          <option key={level} value={level}>
            {t("headingN", { level })}
          </option>
        ))}
      </select>
      <label title={t("color")} className="flex items-center rounded p-1 hover:bg-muted">
        <span className="text-xs font-bold">A</span>
        <input type="color" aria-label={t("color")} className="size-4 cursor-pointer border-0 bg-transparent p-0" onChange={(e) => chain().setColor(e.target.value).run()} />
      </label>
      <label title={t("background")} className="flex items-center rounded p-1 hover:bg-muted">
        <span className="rounded bg-warning/40 px-0.5 text-xs font-bold">A</span>
        <input type="color" aria-label={t("background")} className="size-4 cursor-pointer border-0 bg-transparent p-0" onChange={(e) => chain().setBackgroundColor(e.target.value).run()} />
      </label>
      <span className="mx-1 h-5 w-px bg-border" />
      {button("align-left", t("alignLeft"), active.align === "left", () => chain().setTextAlign("left").run(), <AlignLeftIcon className={icon} />)}
      {button("align-center", t("alignCenter"), active.align === "center", () => chain().setTextAlign("center").run(), <AlignCenterIcon className={icon} />)}
      {button("align-right", t("alignRight"), active.align === "right", () => chain().setTextAlign("right").run(), <AlignRightIcon className={icon} />)}
      {button("align-justify", t("alignJustify"), active.align === "justify", () => chain().setTextAlign("justify").run(), <AlignJustifyIcon className={icon} />)}
      {button("clean", t("clean"), false, () => chain().unsetAllMarks().clearNodes().run(), <RemoveFormattingIcon className={icon} />)}
      <span className="mx-1 h-5 w-px bg-border" />
      {button("link", t("link"), active.link, setLink, <LinkIcon className={icon} />)}
      {button("image", t("image"), false, () => imageInput.current?.click(), <ImageIcon className={icon} />)}
      {button("video", t("video"), false, () => videoInput.current?.click(), <FilmIcon className={icon} />)}
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        data-testid="editor-image-input"
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onUpload(file, "image");
        }}
      />
      <input
        ref={videoInput}
        type="file"
        accept="video/mp4"
        data-testid="editor-video-input"
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onUpload(file, "video");
        }}
      />
    </div>
  );
}
