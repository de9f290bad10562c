import type { components } from "./bff-types";

/** Friendly names for the BFF's schemas (lib/api/bff-types.ts is generated: `npm run gen:types`). */
type Schemas = components["schemas"];

/** Every BFF answer: HTTP 200 with the outcome in `code`. */
export interface Envelope<T = unknown> {
  code?: number | string;
  msg?: string;
  info?: string;
  data?: T;
}

export type CaptchaData = Schemas["Captcha"];
export type LoginData = Schemas["Token"];
export type RegisterBody = Pick<Schemas["RegisterBody"], "username" | "password" | "confirmPassword" | "code" | "uuid">;
export type RouterNode = Schemas["RouterNode"];
export type DictDataItem = Schemas["DictDataOut"];
export type SessionData = Schemas["SessionScreen"];
export type DashboardData = Schemas["DashboardData"];
export type LoginsPerDay = Schemas["LoginDay"];
export type RecentLogin = Schemas["RecentLogin"];
