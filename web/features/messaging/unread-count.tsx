import { capped } from "./chat-rooms";
import { cn } from "@/lib/utils";

/** A red count capped at '99+'; nothing at 0. */
export function UnreadCount({ count, className, testId = "unread-count" }: { count: number; className?: string; testId?: string }) {
  const text = capped(count);
  if (!text) return null;
  return (
    <span
      data-testid={testId}
      className={cn("min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-medium text-destructive-foreground", className)}
    >
      {text}
    </span>
  );
}
