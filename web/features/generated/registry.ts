import type { View } from "@/features/registry";
import * as generated from "./index";

/** What a generated screen's view.tsx exports: its menu's view path and its screen. */
export interface GeneratedView {
  viewPath: string;
  View: View;
}

/** The generated screens by view path (merged into features/registry.tsx). */
export const generatedViews: Readonly<Record<string, View>> = Object.fromEntries(
  (Object.values(generated) as GeneratedView[]).map((entry) => [entry.viewPath, entry.View]),
);
