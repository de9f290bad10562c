"use client";

import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { chatAssetUrl } from "./chat-segments";
import { cn } from "@/lib/utils";

/** A chat party's avatar (toHeadImg / userImg), the name's first letter when there is none. */
export function ChatAvatar({ src, name, className }: { src?: string | null; name?: string | null; className?: string }) {
  const url = chatAssetUrl(src);
  return (
    <Avatar className={cn("size-9 rounded-full", className)}>
      {url && <AvatarImage src={url} alt="" />}
      <AvatarFallback className="rounded-full text-xs">{Array.from(name || "?")[0]}</AvatarFallback>
    </Avatar>
  );
}
