"use client";

import { type RefObject, useEffect, useRef } from "react";
import { chatAssetUrl, type EmojiEntry } from "./chat-segments";

/**
 * The emoji picker's popup (500 × 300, over the pane's 480 px and a little of the sidebar): the core's
 * catalogue as a grid of icons; a click picks one and closes it, as does a click anywhere else or a send.
 */
export function EmojiPanel({
  emoji,
  onPick,
  onClose,
  anchor,
}: {
  emoji: readonly EmojiEntry[];
  onPick: (entry: EmojiEntry) => void;
  onClose: () => void;
  /** the button that opened it (a click on it is not 'elsewhere'), read when the click comes */
  anchor?: RefObject<HTMLElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || anchor?.current?.contains(target)) return;
      onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener("mousedown", onDown, true);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("mousedown", onDown, true);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [anchor, onClose]);

  return (
    <div
      ref={panel}
      data-testid="chat-emoji-panel"
      className="absolute bottom-full left-[-20px] z-10 mb-1 grid h-[300px] w-[500px] max-desk:left-0 max-desk:w-[calc(100vw-1.5rem)] auto-rows-[40px] grid-cols-[repeat(auto-fill,40px)] justify-between overflow-y-auto rounded-md border bg-popover p-2 shadow-lg"
    >
      {emoji.map((entry) => (
        <button
          key={entry.id}
          type="button"
          title={entry.title}
          aria-label={entry.title}
          data-testid="chat-emoji-option"
          data-emoji={entry.emoji}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(entry)}
          className="flex size-10 items-center justify-center rounded hover:bg-muted"
        >
          {entry.icon ? <img src={chatAssetUrl(entry.icon)} alt={entry.emoji} width={26} height={26} /> : <span className="text-2xl">{entry.emoji}</span>}
        </button>
      ))}
    </div>
  );
}
