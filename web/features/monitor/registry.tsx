import type { View } from "@/features/registry";

/** The monitor area's screens by view path (merged into features/registry.tsx). */
export const monitorViews: Readonly<Record<string, View>> = {};
