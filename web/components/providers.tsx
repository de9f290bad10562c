"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { ConfirmProvider } from "@/components/confirm-provider";
import { RequestBridge } from "@/components/request-bridge";
import { TooltipProvider } from "@/components/ui/tooltip";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <NuqsAdapter>
      <TooltipProvider delayDuration={300}>
        <ConfirmProvider>
          {children}
          <RequestBridge />
        </ConfirmProvider>
        <Toaster position="top-center" richColors closeButton />
      </TooltipProvider>
    </NuqsAdapter>
  );
}
