/**
 * The avatar's square crop: the image is drawn to cover a square box, can be zoomed and dragged,
 * and the part inside the box is what a canvas draws before the upload.
 */

export interface Point {
  x: number;
  y: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The scale at which the image's shorter side just fills the box (zoom 1). */
export function coverScale(image: ImageSize, box: number): number {
  return box / Math.min(image.width, image.height);
}

/** Keeps the image covering the box: its top-left corner may move between box − size and 0. */
export function clampOffset(offset: Point, image: ImageSize, scale: number, box: number): Point {
  const clamp = (value: number, size: number) => Math.min(0, Math.max(box - size * scale, value));
  return { x: clamp(offset.x, image.width), y: clamp(offset.y, image.height) };
}

export function centredOffset(image: ImageSize, scale: number, box: number): Point {
  return { x: (box - image.width * scale) / 2, y: (box - image.height * scale) / 2 };
}

/** A new scale keeping the point under the box's centre where it is. */
export function zoomAround(offset: Point, image: ImageSize, from: number, to: number, box: number): Point {
  const centre = { x: (box / 2 - offset.x) / from, y: (box / 2 - offset.y) / from };
  return clampOffset({ x: box / 2 - centre.x * to, y: box / 2 - centre.y * to }, image, to, box);
}

/** The square of the source image inside the box, in the image's own pixels. */
export function cropSource(offset: Point, scale: number, box: number) {
  // "+ 0" turns -0 into 0
  return { sx: -offset.x / scale + 0, sy: -offset.y / scale + 0, size: box / scale };
}

/** The output's side: the crop's own size, at most `max` pixels. */
export function outputSize(sourceSize: number, max = 400): number {
  return Math.max(1, Math.round(Math.min(sourceSize, max)));
}
