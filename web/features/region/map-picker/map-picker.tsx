"use client";

import "maplibre-gl/dist/maplibre-gl.css";
import type { GeoJSONSource, GeoJSONSourceSpecification, Map as MapLibreMap, Marker, StyleSpecification } from "maplibre-gl";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useColorMode } from "@/components/color-mode-provider";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { LocationDialogProps } from "@/features/resources/pickers";
import { answer, core } from "@/lib/api/core";
import type { components } from "@/lib/api/core-types";
import { RequestError } from "@/lib/request";
import { clickToValue, openingView, PICK_ZOOM, type PickedLocation, type PlaceResult, resultLabel, resultToValue, round6, tileSource } from "./logic";

type MapBase = components["schemas"]["MapBase"];

const WORKER_URL = "/maps/worker";
/** The cities' outlines, a static file built by ops/vendor_maps.py from a kept package (MapLibre fetches it). */
const CITIES_URL = "/maps/china-cities.json";
let base: Promise<MapBase | null> | null = null;

/** The base map once per page: the shipped province outlines and the configured tile address. */
function loadBase(): Promise<MapBase | null> {
  base ??= answer(core.GET("/admin/region/v1/map_base"))
    .then((answered) => answered.data)
    .catch((error) => {
      base = null;
      if (error instanceof RequestError) return null;
      throw error;
    });
  return base;
}

/** The search's places as map points. */
function resultPoints(results: PlaceResult[]): Parameters<GeoJSONSource["setData"]>[0] {
  const features: { type: "Feature"; properties: { name: string }; geometry: { type: "Point"; coordinates: [number, number] } }[] = [];
  for (const r of results) {
    const at = resultToValue(r);
    if (at?.lng != null && at.lat != null) features.push({ type: "Feature", properties: { name: r.name }, geometry: { type: "Point", coordinates: [at.lng, at.lat] } });
  }
  return { type: "FeatureCollection", features };
}

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return !!(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

type Outlines = Exclude<GeoJSONSourceSpecification["data"], string>;
const NO_OUTLINES: Outlines = { type: "FeatureCollection", features: [] };

/** Whether the answer's outlines are a GeoJSON FeatureCollection (the answer documents only an object). */
function isFeatureCollection(value: object): value is Outlines {
  return "type" in value && value.type === "FeatureCollection" && "features" in value && Array.isArray(value.features);
}

/** The outline map's colours in each mode; raster tiles are shown with their brightness inverted in dark mode. */
const PALETTES = {
  light: { background: "#dfe9f3", province: "#f8f6ef", cityLine: "#b4bfcc", provinceLine: "#8a99ad", brightnessMin: 0, brightnessMax: 1 },
  dark: { background: "#10161d", province: "#242628", cityLine: "#4c5561", provinceLine: "#7b8796", brightnessMin: 1, brightnessMax: 0 },
} as const;
type Palette = (typeof PALETTES)[keyof typeof PALETTES];

/** [layer, paint property, palette key] of every coloured layer, to follow a change of mode on an open map. */
const PAINTED = [
  ["background", "background-color", "background"],
  ["province-fill", "fill-color", "province"],
  ["city-line", "line-color", "cityLine"],
  ["province-line", "line-color", "provinceLine"],
  ["tiles", "raster-brightness-min", "brightnessMin"],
  ["tiles", "raster-brightness-max", "brightnessMax"],
] as const;

function styleOf(mapBase: MapBase | null, palette: Palette): StyleSpecification {
  const tiles = tileSource(mapBase?.tileUrl);
  return {
    version: 8,
    sources: {
      ...(tiles ? { tiles } : {}),
      // the shipped outlines: a GeoJSON FeatureCollection (the answer documents it as an object)
      provinces: { type: "geojson", data: mapBase && isFeatureCollection(mapBase.provinces) ? mapBase.provinces : NO_OUTLINES },
      // absolute: MapLibre's worker fetches it, and a worker resolves a relative address against its own
      cities: { type: "geojson", data: new URL(CITIES_URL, window.location.origin).href },
      results: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": palette.background } },
      ...(tiles
        ? [{ id: "tiles", type: "raster" as const, source: "tiles", paint: { "raster-brightness-min": palette.brightnessMin, "raster-brightness-max": palette.brightnessMax } }]
        : []),
      { id: "province-fill", type: "fill", source: "provinces", paint: { "fill-color": palette.province, "fill-opacity": tiles ? 0 : 1 } },
      { id: "city-line", type: "line", source: "cities", minzoom: 5, paint: { "line-color": palette.cityLine, "line-width": 0.8, "line-dasharray": [3, 2] } },
      { id: "province-line", type: "line", source: "provinces", paint: { "line-color": palette.provinceLine, "line-width": 1 } },
      // the search's places, so that a map without tiles still shows what is around
      { id: "results", type: "circle", source: "results", paint: { "circle-radius": 6, "circle-color": "#fa8c16", "circle-stroke-color": "#fff", "circle-stroke-width": 2 } },
    ],
  };
}

/**
 * The map picker (spec 000 §2.9): a keyword search (Enter), a result selector and a map at zoom 16. Choosing a
 * result pans the map, places the marker and yields its address and location; a click on the map yields the
 * point (6 decimals) and the address reverse geocoding gives. The map is drawn by MapLibre from the province and
 * city outlines the console ships; real tiles only when a tile address is configured (CONSOLE_MAP_TILE_URL).
 */
export function MapPicker({ value, onChange }: { value: PickedLocation | null; onChange: (value: PickedLocation) => void }) {
  const t = useTranslations("mapPicker");
  const palette = PALETTES[useColorMode().resolved];
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange; // a click on the map hands its pick to the latest onChange
  });
  const [keywords, setKeywords] = useState("");
  const [results, setResults] = useState<PlaceResult[]>([]);
  const [chosen, setChosen] = useState("");
  // mounted in the open dialog only (never on the server): WebGL is asked once, as the picker starts
  const [webgl] = useState(webglAvailable);
  const [state, setState] = useState<"loading" | "ready" | "nowebgl">(webgl ? "loading" : "nowebgl");
  const [note, setNote] = useState("");
  const [opensOn, setOpensOn] = useState("");

  const place = (lng: number, lat: number, pan: boolean) => {
    const m = map.current;
    if (!m) return;
    marker.current?.setLngLat([lng, lat]);
    if (pan) m.jumpTo({ center: [lng, lat], zoom: PICK_ZOOM });
  };

  // the map starts at the value it opened with; later picks move the marker
  const opening = useEffectEvent(() => value);
  const openingPalette = useEffectEvent(() => palette);
  useEffect(() => {
    let gone = false;
    if (!webgl) return;
    const value = opening();
    void (async () => {
      const [maplibre, mapBase] = await Promise.all([import("maplibre-gl"), loadBase()]);
      if (gone || !holder.current) return;
      if (maplibre.getWorkerUrl() !== WORKER_URL) maplibre.setWorkerUrl(WORKER_URL);
      let m: MapLibreMap;
      const view = openingView(value, mapBase?.center);
      if (mapBase) setOpensOn(mapBase.center.name);
      try {
        m = new maplibre.Map({ container: holder.current, style: styleOf(mapBase, openingPalette()), center: view.center, zoom: view.zoom, attributionControl: false });
      } catch {
        setState("nowebgl");
        return;
      }
      map.current = m;
      marker.current = new maplibre.Marker({ color: "#1677ff" }).setLngLat(view.center);
      if (value && value.lng !== null && value.lat !== null) marker.current.addTo(m);
      m.addControl(new maplibre.NavigationControl({ showCompass: false }), "top-right");
      m.on("load", () => !gone && setState("ready"));
      m.on("click", (event) => {
        const lng = round6(event.lngLat.lng);
        const lat = round6(event.lngLat.lat);
        marker.current?.setLngLat([lng, lat]).addTo(m);
        answer(core.GET("/admin/region/v1/map_regeo", { params: { query: { longitude: lng, latitude: lat } } }))
          .then((answered) => {
            const picked = clickToValue(lng, lat, answered.data.address);
            setNote(picked.address);
            change.current(picked);
          })
          .catch((error) => {
            if (!(error instanceof RequestError)) throw error;
          });
      });
    })();
    return () => {
      gone = true;
      map.current?.remove();
      map.current = null;
    };
  }, [webgl]);

  const search = async () => {
    const words = keywords.trim();
    if (!words) return;
    const center = map.current?.getCenter();
    const [lng, lat] = center ? [round6(center.lng), round6(center.lat)] : openingView(value, null).center;
    try {
      const found = (await answer(core.GET("/admin/region/v1/map_around", { params: { query: { keywords: words, longitude: lng, latitude: lat, pageNo: 1, pageSize: 10 } } }))).data;
      setResults(found);
      map.current?.getSource<GeoJSONSource>("results")?.setData(resultPoints(found));
      setChosen("");
      setNote(found.length ? "" : t("nothing"));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };

  const choose = (id: string) => {
    setChosen(id);
    const result = results.find((r) => r.id === id);
    const picked = result ? resultToValue(result) : null;
    if (!picked || picked.lng === null || picked.lat === null) return;
    if (map.current && marker.current) marker.current.addTo(map.current);
    place(picked.lng, picked.lat, true);
    setNote(picked.address);
    onChange(picked);
  };

  // a change of colour mode repaints the open map
  useEffect(() => {
    const m = map.current;
    if (!m || state !== "ready") return;
    for (const [layer, property, key] of PAINTED) if (m.getLayer(layer)) m.setPaintProperty(layer, property, palette[key]);
  }, [palette, state]);

  return (
    <div className="flex flex-col gap-3" data-testid="map-picker">
      <div className="grid gap-2 sm:grid-cols-2">
        <Input
          data-testid="map-picker-keywords"
          value={keywords}
          placeholder={t("keywords")}
          title={t("hint")}
          maxLength={50}
          onChange={(event) => setKeywords(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void search();
            }
          }}
        />
        <NativeSelect data-testid="map-picker-results" value={chosen} onChange={(event) => choose(event.target.value)} aria-label={t("results")}>
          <option value="">{t("choose")}</option>
          {results.map((r) => (
            <option key={r.id} value={r.id}>
              {resultLabel(r)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="map-picker-hint">
        {opensOn ? t("hintNear", { name: opensOn }) : t("hint")}
      </p>
      <div className="relative h-80 w-full overflow-hidden rounded-md border bg-muted">
        <div ref={holder} className="h-full w-full" data-testid="map-picker-map" data-state={state} />
        {state === "nowebgl" && <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-muted-foreground">{t("noWebgl")}</p>}
      </div>
      <p className="min-h-5 text-sm" data-testid="map-picker-value">
        {value?.lng !== null && value?.lng !== undefined && value.lat !== null ? `${note || value.address}（${value.lng.toFixed(6)}, ${value.lat.toFixed(6)}）` : note}
      </p>
    </div>
  );
}

/** The picker in its dialog (the `location` field kind's): the pick is handed over on 确定, nothing changes on 取消. */
export function MapPickerDialog({ open, value, onClose, onPick }: LocationDialogProps) {
  const t = useTranslations("mapPicker");
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-3xl" data-testid="map-picker-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
        </DialogHeader>
        {open && <MapPickerChoice value={value} onClose={onClose} onPick={onPick} />}
      </DialogContent>
    </Dialog>
  );
}

/** The open dialog's body: it starts from the field's value each time the dialog opens (mounted while open). */
function MapPickerChoice({ value, onClose, onPick }: Omit<LocationDialogProps, "open">) {
  const t = useTranslations("mapPicker");
  const [picked, setPicked] = useState<PickedLocation | null>(value);
  return (
    <>
      <MapPicker value={picked} onChange={setPicked} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" type="button" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button
          type="button"
          data-testid="map-picker-confirm"
          disabled={!picked || picked.lng === null}
          onClick={() => {
            if (picked) onPick(picked);
            onClose();
          }}
        >
          {t("confirm")}
        </Button>
      </div>
    </>
  );
}
