import type { DictDataItem } from "@/lib/api/types";
import { dictOptions, type DictOption, dictTagItems, type ListClass } from "@/lib/dict";
import { cn } from "@/lib/utils";

/** Element's tag colours by listClass. */
const TAG_CLASSES: Record<ListClass, string> = {
  default: "border-border bg-muted text-foreground",
  primary: "border-primary/30 bg-primary/10 text-primary",
  success: "border-success/30 bg-success/10 text-success",
  info: "border-border bg-muted text-info",
  warning: "border-warning/30 bg-warning/10 text-warning",
  danger: "border-destructive/30 bg-destructive/10 text-destructive",
};

export function tagClassName(listClass: ListClass | null) {
  return cn("inline-flex h-6 items-center rounded border px-2 text-xs", TAG_CLASSES[listClass ?? "default"]);
}

/** The label(s) of a dictionary value as plain text or a coloured tag (listClass / cssClass). */
export function DictTag({
  options,
  value,
  separator,
}: {
  options: readonly DictOption[] | readonly DictDataItem[] | undefined;
  value: unknown;
  separator?: string;
}) {
  const list = (options ?? []) as readonly (DictOption | DictDataItem)[];
  const normalised = list.length > 0 && "dictValue" in list[0] ? dictOptions(list as DictDataItem[]) : (list as DictOption[]);
  const items = dictTagItems(normalised, value, separator);
  return (
    <span data-testid="dict-tag" className="inline-flex flex-wrap gap-1">
      {items.map((item, index) =>
        item.tag === null ? (
          <span key={`${item.value}-${index}`} data-value={item.value} className={item.cssClass ?? undefined}>
            {item.label}
          </span>
        ) : (
          <span
            key={`${item.value}-${index}`}
            data-value={item.value}
            data-list-class={item.tag}
            className={cn(tagClassName(item.tag), item.cssClass)}
          >
            {item.label}
          </span>
        ),
      )}
    </span>
  );
}
