import type { View } from "@/features/registry";
import { BuildScreen } from "./build/build-screen";
import { GenEditScreen } from "./gen/gen-edit-screen";
import { GenScreen } from "./gen/gen-screen";
import { SwaggerScreen } from "./swagger/swagger-screen";

/** The developer tools' screens by view path (merged into features/registry.tsx). */
export const toolViews: Readonly<Record<string, View>> = {
  "tool/build/index": BuildScreen,
  "tool/gen/index": GenScreen,
  "tool/gen/editTable": GenEditScreen,
  "tool/swagger/index": SwaggerScreen,
};
