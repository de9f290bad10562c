import type { components } from "@/lib/api/bff-types";

/** The shop info page's form: the loaded record as text boxes, and the body update_info takes. */

export type ShopInfo = components["schemas"]["ShopInfo"];

export interface ShopInfoForm {
  name: string;
  logo: string;
  contact: string;
  phone: string;
  address: string;
  intro: string;
  lng: string;
  lat: string;
}

export function toInfoForm(info: ShopInfo): ShopInfoForm {
  return {
    name: info.name ?? "",
    logo: info.logo ?? "",
    contact: info.contact ?? "",
    phone: info.phone ?? "",
    address: info.address ?? "",
    intro: info.intro ?? "",
    lng: info.lng === null || info.lng === undefined ? "" : String(info.lng),
    lat: info.lat === null || info.lat === undefined ? "" : String(info.lat),
  };
}

function coordinate(value: string, bound: number): number | null | undefined {
  if (!value.trim()) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || Math.abs(n) > bound) return undefined;
  return Math.round(n * 1e6) / 1e6;
}

/** The update_info body, or the message key of what is wrong ("nameRequired", "badCoordinate"). */
export function infoBody(id: number, form: ShopInfoForm) {
  const name = form.name.trim();
  if (!name) return "nameRequired" as const;
  const lng = coordinate(form.lng, 180);
  const lat = coordinate(form.lat, 90);
  if (lng === undefined || lat === undefined) return "badCoordinate" as const;
  return { id, name, logo: form.logo, contact: form.contact.trim(), phone: form.phone.trim(), address: form.address.trim(), intro: form.intro, lng, lat };
}
