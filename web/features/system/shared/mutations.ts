"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import { request, RequestError } from "@/lib/request";

/** A write through the BFF pass-through; resolves false when refused (the request layer told the user). */
export async function send(path: string, method: "POST" | "PUT" | "DELETE", data?: unknown, params?: Record<string, unknown>) {
  try {
    await request(`api/${path.replace(/^\//, "")}`, { method, data, params });
    return true;
  } catch (error) {
    if (error instanceof RequestError) return false;
    throw error;
  }
}

/** Confirm, write, toast: the shape of every delete and status change. */
export function useConfirmedAction() {
  const confirm = useConfirm();
  const t = useTranslations("list");
  return useCallback(
    async (message: string, run: () => Promise<boolean>, done = t("deleted")) => {
      if (!(await confirm({ message }))) return false;
      const ok = await run();
      if (ok) toast.success(done);
      return ok;
    },
    [confirm, t],
  );
}
