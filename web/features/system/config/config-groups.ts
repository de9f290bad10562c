/** The settings form of the parameters screen: every key, grouped by its prefix (sys.account.x → sys.account). */

export interface ConfigEntry {
  configKey: string;
}

export function keyPrefix(key: string): string {
  const dot = key.lastIndexOf(".");
  return dot <= 0 ? "" : key.slice(0, dot);
}

export interface ConfigGroup<T> {
  prefix: string;
  items: T[];
}

/** Groups in prefix order, keys without a prefix last; items keep their order. */
export function groupConfigs<T extends ConfigEntry>(rows: readonly T[]): ConfigGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const prefix = keyPrefix(row.configKey);
    groups.set(prefix, [...(groups.get(prefix) ?? []), row]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b)))
    .map(([prefix, items]) => ({ prefix, items }));
}

/** Only the values that changed, as the batch call takes them. */
export function changedValues<T extends ConfigEntry & { configValue: string }>(
  rows: readonly T[],
  values: Readonly<Record<string, string>>,
) {
  return rows
    .filter((row) => values[row.configKey] !== undefined && values[row.configKey] !== row.configValue)
    .map((row) => ({ configKey: row.configKey, configValue: values[row.configKey] }));
}
