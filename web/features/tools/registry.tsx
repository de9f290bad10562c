import type { View } from "@/features/registry";
import { GenEditScreen } from "./gen/gen-edit-screen";
import { GenScreen } from "./gen/gen-screen";
import { SwaggerScreen } from "./swagger/swagger-screen";

/** The developer tools' screens by view path (merged into features/registry.tsx). */
export const toolViews: Readonly<Record<string, View>> = {
  "tool/gen/index": GenScreen,
  "tool/gen/editTable": GenEditScreen,
  "tool/swagger/index": SwaggerScreen,
};
