"use client";

import { type ComponentType, createContext, createElement, type ReactNode, useContext } from "react";
import type { ResourceFieldMeta } from "@/lib/api/types";
import type { TargetPick } from "./picker-logic";

/** A form control of a field's kind: the value as the form holds it, changed as the form takes it. */
export interface PickerInputProps {
  id?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid?: boolean;
  testId?: string;
}

/** A list filter of a field's kind: the filter's text (what the list call sends), its label drawn beside. */
export interface PickerFilterProps {
  field: ResourceFieldMeta;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

/** What the screens draw a field of a feature's kind with (the core's registered kind names it: `picker`). */
export interface KindPicker {
  Input: ComponentType<PickerInputProps>;
  Filter?: ComponentType<PickerFilterProps>;
  /** What a list cell shows: what the row carries beside the value (a region's path, a shop's name). */
  cell?: (field: ResourceFieldMeta, row: Record<string, unknown>) => unknown;
  /** The form gives it a whole row. */
  wide?: boolean;
}

/** Several ids of a targets field, by what they name ("category", "goods"). */
export interface TargetsPickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  shopId?: unknown;
  labels: readonly { id: number; name: string }[];
  testId?: string;
}

export interface PickedLocation {
  address: string;
  lng: number | null;
  lat: number | null;
}

/** The map picker of a location field, in its dialog: the pick is handed over on confirm. */
export interface LocationDialogProps {
  open: boolean;
  value: PickedLocation | null;
  onClose: () => void;
  onPick: (value: PickedLocation) => void;
}

/** The pickers the features register (features/field-pickers.tsx), found by kind instead of imported by name. */
export interface FieldPickers {
  kinds: Readonly<Record<string, KindPicker>>;
  targets: Readonly<Partial<Record<TargetPick, ComponentType<TargetsPickerProps>>>>;
  location?: ComponentType<LocationDialogProps>;
}

const PickersContext = createContext<FieldPickers>({ kinds: {}, targets: {} });

/** Hands the registered pickers to the declared screens below it (the console's layout). */
export function PickersProvider({ pickers, children }: { pickers: FieldPickers; children: ReactNode }) {
  return createElement(PickersContext.Provider, { value: pickers }, children);
}

export const usePickers = (): FieldPickers => useContext(PickersContext);

/** The picker of a field's kind: by the name its registered kind gives (`picker`), else by the kind. */
export function pickerOf(pickers: FieldPickers, field: Pick<ResourceFieldMeta, "kind" | "picker">): KindPicker | undefined {
  return pickers.kinds[field.picker ?? field.kind];
}
