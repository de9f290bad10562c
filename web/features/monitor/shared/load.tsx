import { ScreenFailure } from "@/components/screen-error";
import { loadScreen } from "@/lib/session";

/** A screen without list state: its BFF call, then the screen or the reason it failed. */
export async function loadFigures<T>(path: string) {
  const result = await loadScreen<T>(path);
  return { result, failure: result.ok ? null : <ScreenFailure result={result} /> };
}
