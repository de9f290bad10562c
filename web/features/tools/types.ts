import type { components } from "@/lib/api/bff-types";
import type { components as CoreComponents } from "@/lib/api/core-types";

/** The developer tools' BFF screens and the core bodies they send (generated types, friendly names). */
type Schemas = components["schemas"];
export type GenScreenData = Schemas["GenScreen"];
export type GenTableRow = Schemas["GenTableRow"];
export type DbTableRow = Schemas["DbTableRow"];
export type DbTablePage = Schemas["DbTablePage"];
export type GenEditScreenData = Schemas["GenEditScreen"];
export type GenColumnRow = Schemas["GenColumnRow"];
export type BuildScreenData = Schemas["BuildScreen"];
export type SavedFormRow = Schemas["SavedFormRow"];
export type GenBody = CoreComponents["schemas"]["GenBody"];
