import { useMessages, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Message } from "@/lib/outcome";

/** Turns a request-layer message (an i18n key of `request`, or server text) into text. */
export function useMessageText(): (message: Message) => string {
  const t = useTranslations("request");
  return useCallback((message: Message) => ("key" in message ? t(message.key, message.values) : message.text), [t]);
}

const NO_TITLES: Record<string, string> = {};

/** Menu titles come from the server in zh-CN; messages.menuTitles translates them for other locales. */
export function useMenuTitle(): (title: string) => string {
  const messages = useMessages();
  const titles = (messages.menuTitles ?? NO_TITLES) as Record<string, string>;
  return useCallback((title: string) => titles[title] ?? title, [titles]);
}

/** Reads a sign-in error that the server encoded as a JSON message (see lib/auth.ts). */
export function parseSignInError(error: string): Message {
  try {
    const value = JSON.parse(error) as Message;
    if (value && ("key" in value || "text" in value)) return value;
  } catch {
    // next-auth's own codes (e.g. CredentialsSignin) are not JSON
  }
  return { key: "signInFailed" };
}
