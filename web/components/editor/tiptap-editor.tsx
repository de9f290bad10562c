"use client";

import { Image } from "@tiptap/extension-image";
import { TextAlign } from "@tiptap/extension-text-align";
import { BackgroundColor, Color, FontSize, TextStyle } from "@tiptap/extension-text-style";
import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { EDITOR_IMAGE_MB, fileUrl, uploadError } from "@/lib/files";
import { upload } from "@/lib/request";
import { EditorToolbar } from "./editor-toolbar";
import { Video } from "./video";

/**
 * The rich-text editor of spec §2.9 on tiptap 3: placeholder 请输入内容; images (and videos) are uploaded through
 * /common/upload and inserted by their /files address. The value is HTML. Pages take it through
 * ./rich-text-editor, which fetches it when first shown.
 */
export function RichTextEditor({
  value,
  onChange,
  maxImageMb = EDITOR_IMAGE_MB,
  minHeight = 240,
  testId = "rich-text",
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  maxImageMb?: number;
  minHeight?: number;
  testId?: string;
  /** the field's name, for a screen reader (else 正文) */
  label?: string;
}) {
  const t = useTranslations("editor");
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: { openOnClick: false } }),
      TextStyle,
      Color,
      BackgroundColor,
      FontSize,
      TextAlign.configure({ types: ["heading", "paragraph"] }),
      Image,
      Video,
      Placeholder.configure({ placeholder: t("placeholder") }),
    ],
    content: value,
    editorProps: {
      attributes: { class: "rich-text-content outline-none", "data-testid": `${testId}-content`, "aria-label": label ?? t("content"), "aria-multiline": "true" },
    },
    onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? "" : current.getHTML()),
  });

  // a value loaded after the editor started (an edit dialog) replaces the content
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? "" : editor.getHTML())) {
      editor.commands.setContent(value || "", { emitUpdate: false });
    }
  }, [editor, value]);

  const insertUpload = async (file: File, kind: "image" | "video") => {
    if (!editor) return;
    const types = kind === "image" ? ["png", "jpg", "jpeg", "gif", "webp", "bmp"] : ["mp4"];
    const refused = uploadError(file, { types, sizeMb: maxImageMb, image: kind === "image" });
    if (refused) return toast.error(refused);
    const form = new FormData();
    form.append("file", file);
    try {
      // spec §7.5/§8: the answer's code must be 200 and carry an address, else 图片插入失败 (and only that)
      const body = await upload("/common/upload", form, { acceptFailure: true });
      if (String(body.code ?? 200) !== "200") throw new Error(body.msg ?? "refused");
      const src = typeof body.fileName === "string" ? fileUrl(body.fileName) : "";
      if (!src) throw new Error("no address");
      if (kind === "image") editor.chain().focus().setImage({ src }).run();
      else editor.chain().focus().setVideo(src).run();
    } catch {
      toast.error(t("insertFailed"));
    }
  };

  return (
    <div data-testid={testId} className="rounded-md border">
      {editor && <EditorToolbar editor={editor} onUpload={insertUpload} />}
      <div className="px-3 py-2" style={{ minHeight }}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
