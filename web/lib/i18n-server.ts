import { getMessages, getTranslations } from "next-intl/server";
import type { Message } from "@/lib/outcome";

/** Server-side twin of useMenuTitle: translates a zh-CN menu title through messages.menuTitles. */
export async function getMenuTitle(): Promise<(title: string) => string> {
  const titles = ((await getMessages()).menuTitles ?? {}) as Record<string, string>;
  return (title) => titles[title] ?? title;
}

/** Server-side twin of useMessageText. */
export async function getMessageText(): Promise<(message: Message) => string> {
  const t = await getTranslations("request");
  return (message) => ("key" in message ? t(message.key, message.values) : message.text);
}
