import { CircleAlertIcon } from "lucide-react";
import { StatusPage } from "@/components/status-page";
import { Card, CardContent } from "@/components/ui/card";
import type { BffResult } from "@/lib/bff";
import { getMessageText } from "@/lib/i18n-server";
import type { Message } from "@/lib/outcome";

/** A screen whose BFF call failed: the reason, in place of the screen. */
export async function ScreenError({ message }: { message: Message }) {
  const text = await getMessageText();
  return (
    <Card data-testid="screen-error" className="mx-auto mt-6 max-w-xl border-destructive/40">
      <CardContent className="flex items-center gap-3 text-sm">
        <CircleAlertIcon className="size-5 text-destructive" />
        {text(message)}
      </CardContent>
    </Card>
  );
}

/** What a screen shows when its call was refused or failed. */
export function ScreenFailure({ result }: { result: Extract<BffResult<unknown>, { ok: false }> }) {
  return result.status === "forbidden" ? <StatusPage code="403" inShell /> : <ScreenError message={result.message} />;
}
