import type { View } from "@/features/registry";

/** The developer tools' screens by view path (merged into features/registry.tsx). */
export const toolViews: Readonly<Record<string, View>> = {};
