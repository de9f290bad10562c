"use client";

import { ImageIcon, SmileIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { EmojiPanel } from "./emoji-panel";
import { Button } from "@/components/ui/button";
import { type EmojiEntry, insertAt } from "./chat-segments";
import { pickerOptions } from "./oss-upload";
import { CHAT_IMAGE_TYPES, type ChatController } from "./chat-controller";
import { useStore } from "./store";

/** The footer: emoji picker, image send, the textarea (Enter sends) and '发送'. */
export function ChatFooter({ chat }: { chat: ChatController }) {
  const t = useTranslations("chat");
  const emoji = useStore(chat.store, (s) => s.emoji);
  const upload = useStore(chat.store, (s) => s.upload);
  const [text, setText] = useState("");
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const selection = useRef({ start: 0, end: 0 });
  const { accept, multiple } = pickerOptions("image", 9, CHAT_IMAGE_TYPES);

  const remember = () => {
    const el = input.current;
    if (el) selection.current = { start: el.selectionStart, end: el.selectionEnd };
  };

  const pick = (entry: EmojiEntry) => {
    const el = input.current;
    const { start, end } = el && document.activeElement === el ? { start: el.selectionStart, end: el.selectionEnd } : selection.current;
    const next = insertAt(text, Math.min(start, text.length), Math.min(end, text.length), entry.emoji);
    setText(next.value);
    setPicking(false); // one pick per opening, as the app's picker does
    selection.current = { start: next.cursor, end: next.cursor };
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const send = () => {
    setPicking(false);
    if (chat.sendText(text)) {
      setText("");
      selection.current = { start: 0, end: 0 };
    }
  };

  const closePicker = useCallback(() => setPicking(false), []);

  return (
    <footer className="flex min-h-0 flex-1 flex-col border-t">
      <div className="relative flex h-10 shrink-0 items-center gap-1 px-3">
        <button
          ref={emojiButton}
          type="button"
          data-testid="chat-emoji-button"
          aria-label={t("emoji")}
          title={t("emoji")}
          aria-expanded={picking}
          onClick={() => {
            remember();
            void chat.loadEmoji();
            setPicking((open) => !open);
          }}
          className="rounded p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <SmileIcon className="size-5" />
        </button>
        <button
          type="button"
          data-testid="chat-image-button"
          aria-label={t("image")}
          title={t("image")}
          disabled={!!upload}
          onClick={() => fileInput.current?.click()}
          className="rounded p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50"
        >
          <ImageIcon className="size-5" />
        </button>
        {upload && (
          <span data-testid="chat-uploading" className="text-xs text-muted-foreground">
            {upload.count > 1 ? `${upload.done + 1}/${upload.count} ` : ""}
            {t("uploading", { percent: upload.percent })}
          </span>
        )}
        <input
          ref={fileInput}
          type="file"
          data-testid="chat-image-input"
          accept={accept}
          multiple={multiple}
          className="hidden"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            void chat.sendImages(files);
          }}
        />
        {picking && <EmojiPanel emoji={emoji} onPick={pick} onClose={closePicker} anchor={emojiButton} />}
      </div>
      <textarea
        ref={input}
        data-testid="chat-input"
        value={text}
        placeholder={t("placeholder")}
        onChange={(event) => setText(event.target.value)}
        onSelect={remember}
        onBlur={remember}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
        className="min-h-0 flex-1 resize-none bg-transparent px-4 py-1 text-sm outline-none"
      />
      <div className="flex h-14 shrink-0 items-center justify-end px-4">
        <Button type="button" data-testid="chat-send" onClick={send}>
          {t("send")}
        </Button>
      </div>
    </footer>
  );
}
