"use client";

import type { ReactNode } from "react";
import { CategoryChecklist, CategorySelect } from "@/features/mall/goods/category-picker";
import { GoodsMultiPicker } from "@/features/mall/goods/goods-picker";
import { ShopPicker } from "@/features/mall/shop/shop-picker";
import { AreaPicker } from "@/features/region/area-picker";
import { MapPickerDialog } from "@/features/region/map-picker/map-picker";
import { shopNameKey } from "@/features/resources/logic";
import { type FieldPickers, type PickerFilterProps, PickersProvider } from "@/features/resources/pickers";
import { useTranslations } from "next-intl";

/** A form's id value: a number, or null while none is chosen. */
const idOf = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

/** A filter's row: its label, then the picker at the width it needs. A one-control picker's row is its <label>
 * (the select is named by it); the area cascader's several selects name themselves. */
function FilterRow({ field, width, top, children }: { field: PickerFilterProps["field"]; width: string; top?: boolean; children: ReactNode }) {
  const Row = top ? "div" : "label";
  return (
    <Row className={`flex gap-2 text-sm ${top ? "items-start" : "items-center"}`}>
      <span className={`text-foreground/80 shrink-0 font-medium ${top ? "pt-2" : ""}`}>{field.label}</span>
      <div className={`${width} max-w-full`}>{children}</div>
    </Row>
  );
}

function CategoryFilter({ field, value, onChange, testId }: PickerFilterProps) {
  const t = useTranslations("resource");
  // a first-level category or a leaf: the first level takes in its children's goods (the core filters so)
  return (
    <FilterRow field={field} width="w-56">
      <CategorySelect value={value ? Number(value) : null} onChange={(id) => onChange(id === null ? "" : String(id))} testId={testId} emptyLabel={t("categoryAll")} />
    </FilterRow>
  );
}

/**
 * The pickers of the field kinds the features register with the core (core_api/region/division/kind.py,
 * core_api/mall/shop/kind.py, core_api/mall/goods/category.py), by the picker name the kind gives: the declared
 * screens (features/resources) find them here instead of importing a feature's picker by name.
 */
const PICKERS: FieldPickers = {
  kinds: {
    area: {
      Input: ({ id, value, onChange, invalid, testId }) => <AreaPicker id={id} value={(value ?? "") as string} onChange={(code) => onChange(code)} invalid={invalid} testId={testId} />,
      // a region takes in every region under it (a province: all its cities, districts and streets)
      Filter: ({ field, value, onChange, testId }) => (
        <FilterRow field={field} width="w-96" top>
          <AreaPicker value={value} onChange={(code) => onChange(code)} testId={testId} />
        </FilterRow>
      ),
      cell: (field, row) => row[`${field.name}Path`] || row[field.name], // the path the list puts beside the code
      wide: true,
    },
    shop: {
      Input: ({ id, value, onChange, invalid, testId }) => <ShopPicker id={id} value={idOf(value)} onChange={(next) => onChange(next ?? undefined)} invalid={invalid} testId={testId} />,
      Filter: ({ field, value, onChange, testId }) => (
        <FilterRow field={field} width="w-80">
          <ShopPicker value={value ? Number(value) : null} onChange={(id) => onChange(id === null ? "" : String(id))} testId={testId} />
        </FilterRow>
      ),
      cell: (field, row) => row[shopNameKey(field.name)] || row[field.name], // the name beside the id
    },
    category: {
      // a goods item's category: the tree's leaves, where goods sit
      Input: ({ id, value, onChange, invalid, testId }) => <CategorySelect id={id} leavesOnly value={idOf(value)} onChange={(next) => onChange(next ?? undefined)} invalid={invalid} testId={testId} />,
      Filter: CategoryFilter,
    },
  },
  targets: { category: CategoryChecklist, goods: GoodsMultiPicker },
  location: MapPickerDialog,
};

/** The console's declared screens get the features' pickers (app/(console)/layout.tsx). */
export function FieldPickersProvider({ children }: { children: ReactNode }) {
  return <PickersProvider pickers={PICKERS}>{children}</PickersProvider>;
}
