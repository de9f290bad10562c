"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { signOut } from "next-auth/react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { useMessageText } from "@/lib/i18n-client";

/**
 * Reached when the session screen failed on the server: signs out, then goes to /login
 * (session ended, 401) or shows the error and goes to / (any other failure).
 */
export default function SessionEndedPage() {
  const router = useRouter();
  const params = useSearchParams();
  const text = useMessageText();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const expired = params.get("reason") !== "error";
    const detail = params.get("text");
    if (!expired) toast.error(text(detail ? { text: detail } : { key: "codeDefault" }));
    signOut({ redirect: false }).finally(() => router.replace(expired ? "/login" : "/"));
  }, [params, router, text]);

  return null;
}
