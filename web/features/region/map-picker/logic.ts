/** What the map picker yields and how it gets there (spec 000 §2.9, 001 §2.15): pure functions, tested alone. */

import type { PickedLocation } from "@/features/resources/pickers";
import type { components } from "@/lib/api/core-types";

export type { PickedLocation } from "@/features/resources/pickers";

/** A search result as `GET /admin/region/v1/map_around` answers it. */
export type PlaceResult = components["schemas"]["PlaceOut"];

/** Where the map opens without a value when the base map did not answer: the whole country. */
export const COUNTRY: MapView = { center: [104.195397, 35.86166], zoom: 3.2 };
export const PICK_ZOOM = 16;

/** A map view: its centre and zoom. */
export interface MapView {
  center: [number, number];
  zoom: number;
}

type MapCenter = components["schemas"]["MapCenter"];

/** A coordinate kept to 6 decimals (about 0.1 m), as the spec asks of every pick. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** "lng,lat" → [lng, lat] in range, or null. */
export function parseLocation(location: string): [number, number] | null {
  const parts = location.split(",").map((p) => Number(p.trim()));
  if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return null;
  const [lng, lat] = parts;
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return null;
  return [round6(lng), round6(lat)];
}

/** Choosing a search result yields its address (the name when it has none; both when the address lacks it). */
export function resultToValue(result: Pick<PlaceResult, "id" | "name" | "location" | "address">): PickedLocation | null {
  const at = parseLocation(result.location);
  if (!at) return null;
  const address = !result.address ? result.name : result.address.includes(result.name) ? result.address : `${result.address}${result.name}`;
  return { address, lng: at[0], lat: at[1] };
}

/** A click on the map: the point, rounded, with the address reverse geocoding gives. */
export function clickToValue(lng: number, lat: number, address: string): PickedLocation {
  return { address, lng: round6(lng), lat: round6(lat) };
}

/** Where the map opens: the value's point, close up, when it has one; else the configured city (or the country)
 * the base map names, so that the outlines are in sight at once. */
export function openingView(value: PickedLocation | null | undefined, configured: MapCenter | null | undefined): MapView {
  if (value && value.lng !== null && value.lat !== null && Number.isFinite(value.lng) && Number.isFinite(value.lat)) return { center: [value.lng, value.lat], zoom: PICK_ZOOM };
  return configured ? { center: [configured.longitude, configured.latitude], zoom: configured.zoom } : COUNTRY;
}

/** The label of a result in the selector: its name, then its address and distance. */
export function resultLabel(result: PlaceResult): string {
  const distance = result.distance >= 1000 ? ` · ${(result.distance / 1000).toFixed(1)}km` : ` · ${result.distance}m`;
  return `${result.name}${result.address ? `（${result.address}）` : ""}${distance}`;
}

/** A tile address ({z}/{x}/{y}) turned into the map's raster source, or null when none is configured. */
export function tileSource(url: string | null | undefined): { type: "raster"; tiles: string[]; tileSize: number } | null {
  if (!url || !/^https?:\/\//.test(url) || !url.includes("{z}")) return null;
  return { type: "raster", tiles: [url], tileSize: 256 };
}
