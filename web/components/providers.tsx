"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import { type ReactNode, useEffect } from "react";
import { Toaster } from "sonner";
import { z } from "zod";
import { ColorModeProvider, useColorMode } from "@/components/color-mode-provider";
import { ConfirmProvider } from "@/components/confirm-provider";
import { RequestBridge } from "@/components/request-bridge";
import { TooltipProvider } from "@/components/ui/tooltip";

// zod compiles its object checks with Function() unless told not to, and probes for it on the first parse:
// the pages' Content-Security-Policy forbids eval, so the probe would be reported as a violation.
z.config({ jitless: true });

function ThemedToaster() {
  const { resolved } = useColorMode();
  return <Toaster position="top-center" richColors closeButton theme={resolved} />;
}

export function Providers({ children }: { children: ReactNode }) {
  // After the first commit every control of the page answers; until then a click on the server's HTML does
  // nothing. Marked for whatever needs to know (the browser suite waits for it after each page load).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <ColorModeProvider>
      <NuqsAdapter>
        <TooltipProvider delayDuration={300}>
          <ConfirmProvider>
            {children}
            <RequestBridge />
          </ConfirmProvider>
          <ThemedToaster />
        </TooltipProvider>
      </NuqsAdapter>
    </ColorModeProvider>
  );
}
