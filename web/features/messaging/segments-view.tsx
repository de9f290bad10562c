"use client";

import { ImageOffIcon } from "lucide-react";
import { useState } from "react";
import { type ChatSegment, chatAssetUrl, isEmojiSegment, segmentText } from "./chat-segments";
import { cn } from "@/lib/utils";

/** A sent picture: at most 200 px wide, a placeholder when it fails, a click previews it. */
function ChatImage({ url, onPreview }: { url: string; onPreview?: (url: string) => void }) {
  const [failed, setFailed] = useState(false);
  const src = chatAssetUrl(url);
  if (failed || !src) {
    return (
      <span data-testid="chat-image-broken" className="inline-flex size-16 items-center justify-center rounded bg-muted text-muted-foreground">
        <ImageOffIcon className="size-5" />
      </span>
    );
  }
  return (
    <button type="button" className="block cursor-zoom-in" onClick={() => onPreview?.(src)} data-testid="chat-image">
      <img src={src} alt="" className="block h-auto max-w-[200px] rounded" onError={() => setFailed(true)} />
    </button>
  );
}

/** A message's content (spec §3): text, inline emoji images and pictures. */
export function SegmentsView({
  segments,
  onPreview,
  emojiSize = 20,
  className,
}: {
  segments: readonly ChatSegment[];
  onPreview?: (url: string) => void;
  emojiSize?: number;
  className?: string;
}) {
  return (
    <span className={cn("break-words whitespace-pre-wrap", className)}>
      {segments.map((segment, index) => {
        const key = `${index}`;
        if (segment.type === "img" && segment.url) {
          if (isEmojiSegment(segment)) {
            const emoji = chatAssetUrl(segment.url);
            // an "emoji" that is not the catalogue's icon shows as its text
            if (!emoji) return <span key={key}>{segmentText(segment)}</span>;
            return (
              <img
                key={key}
                data-testid="chat-emoji"
                src={emoji}
                alt={segmentText(segment)}
                title={segmentText(segment)}
                width={emojiSize}
                height={emojiSize}
                className="inline-block align-text-bottom"
              />
            );
          }
          return <ChatImage key={key} url={segment.url} onPreview={onPreview} />;
        }
        return <span key={key}>{segmentText(segment)}</span>;
      })}
    </span>
  );
}
