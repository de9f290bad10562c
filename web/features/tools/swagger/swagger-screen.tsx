import { StatusPage } from "@/components/status-page";
import { hasPermi } from "@/lib/permission";
import { loadConsoleSession } from "@/lib/session";
import { SwaggerFrame } from "./swagger-frame";

export const SWAGGER_PERMISSION = "tool:swagger:list";

/** 系统接口 (tool/swagger/index): refused without tool:swagger:list, before anything is opened. */
export async function SwaggerScreen() {
  const session = await loadConsoleSession();
  if (!hasPermi(session, SWAGGER_PERMISSION)) return <StatusPage code="403" inShell />;
  return <SwaggerFrame />;
}
