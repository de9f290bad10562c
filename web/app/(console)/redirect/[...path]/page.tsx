"use client";

import { useParams, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";

/** The reload helper: /redirect/{path} goes straight back to /{path}, remounting the page. */
export default function RedirectPage() {
  const router = useRouter();
  const { path } = useParams<{ path: string[] }>();
  const search = useSearchParams().toString();

  useEffect(() => {
    router.replace(`/${path.join("/")}${search ? `?${search}` : ""}`);
  }, [router, path, search]);

  return null;
}
