/**
 * Draws the club jersey images served at /jersey/{code}.png from each club's colours.
 * `drawJersey` is pure, so the test can check that the committed images match the code;
 * run this file as a script to regenerate them:
 *   node --import tsx apps/web/scripts/draw-jerseys.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLUB_IDENTITIES_BY_FPL_CODE, type ClubIdentity, hexToRgb } from '@hit21/core';
import { PNG } from 'pngjs';

export const JERSEY_SIZE = 256;

/** Samples per pixel along each axis; coverage is averaged into alpha for smooth edges. */
const SUPERSAMPLE = 4;
const OUTLINE_WIDTH = 3;
const SEAM_WIDTH = 1.6;

type Point = readonly [number, number];
type Segment = readonly [Point, Point];
type Rgb = readonly [number, number, number];

const CENTRE_X = JERSEY_SIZE / 2;

/** Mirrors a right-hand outline to the left, so the shirt is symmetrical by construction. */
function mirror(points: readonly Point[]): Point[] {
  return points.map(([x, y]) => [2 * CENTRE_X - x, y] as const);
}

function mirrorSegment([from, to]: Segment): Segment {
  return [
    [2 * CENTRE_X - from[0], from[1]],
    [2 * CENTRE_X - to[0], to[1]],
  ];
}

function quadratic(from: Point, control: Point, to: Point, steps: number): Point[] {
  const points: Point[] = [];
  for (let step = 1; step < steps; step += 1) {
    const t = step / steps;
    const a = (1 - t) * (1 - t);
    const b = 2 * (1 - t) * t;
    const c = t * t;
    points.push([a * from[0] + b * control[0] + c * to[0], a * from[1] + b * control[1] + c * to[1]]);
  }
  return points;
}

function lerp(from: Point, to: Point, t: number): Point {
  return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
}

// Key points of the right half; the left half is their mirror image.
const NECK: Point = [152, 26];
const BACK_NECK: Point = [CENTRE_X, 34];
const SHOULDER: Point = [194, 36];
const SLEEVE_TOP_END: Point = [247, 90];
const SLEEVE_BOTTOM_END: Point = [222, 116];
const ARMPIT: Point = [194, 98];
const HEM_SIDE: Point = [186, 232];
const HEM_CENTRE: Point = [CENTRE_X, 236];
const CUFF_DEPTH = 0.16;

const RIGHT_SIDE: Point[] = [
  NECK,
  ...quadratic(NECK, [172, 30], SHOULDER, 4),
  SHOULDER,
  SLEEVE_TOP_END,
  SLEEVE_BOTTOM_END,
  ARMPIT,
  // The side seam curves in a little at the waist so the body reads as tapered.
  ...quadratic(ARMPIT, [185, 165], HEM_SIDE, 8),
  HEM_SIDE,
  ...quadratic(HEM_SIDE, [157, 237], HEM_CENTRE, 4),
  HEM_CENTRE,
];

/** The whole shirt, clockwise from the back of the neck. */
const SILHOUETTE: Point[] = [
  BACK_NECK,
  ...quadratic(BACK_NECK, [140, 34], NECK, 3),
  ...RIGHT_SIDE,
  // The mirrored side starts after the shared hem centre point.
  ...mirror(RIGHT_SIDE).reverse().slice(1),
  ...mirror(quadratic(BACK_NECK, [140, 34], NECK, 3)).reverse(),
];

const RIGHT_SLEEVE: Point[] = [SHOULDER, SLEEVE_TOP_END, SLEEVE_BOTTOM_END, ARMPIT];
const RIGHT_CUFF_SEAM: Segment = [
  lerp(SLEEVE_TOP_END, SHOULDER, CUFF_DEPTH),
  lerp(SLEEVE_BOTTOM_END, ARMPIT, CUFF_DEPTH),
];
const SLEEVES = [RIGHT_SLEEVE, mirror(RIGHT_SLEEVE)];
const RIGHT_SEAMS: Segment[] = [[SHOULDER, ARMPIT], RIGHT_CUFF_SEAM];
const SEAMS = [...RIGHT_SEAMS, ...RIGHT_SEAMS.map(mirrorSegment)];

// The V-neck: a collar band between the outer V and the opening, which shows the inside of the back.
const COLLAR: Point[] = [
  [NECK[0] + 4, NECK[1] - 2],
  [CENTRE_X, 70],
  [2 * CENTRE_X - NECK[0] - 4, NECK[1] - 2],
];
const NECK_OPENING: Point[] = [
  [NECK[0] - 6, NECK[1] - 2],
  [CENTRE_X, 57],
  [2 * CENTRE_X - NECK[0] + 6, NECK[1] - 2],
];
const BACK_COLLAR_DEPTH = 6;

function insidePolygon([x, y]: Point, polygon: readonly Point[]): boolean {
  // Even-odd ray casting to the right.
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i] as Point;
    const [xj, yj] = polygon[j] as Point;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment([x, y]: Point, [a, b]: Segment): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

function distanceToEdges(point: Point, polygon: readonly Point[]): number {
  let distance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < polygon.length; i += 1) {
    const edge: Segment = [polygon[i] as Point, polygon[(i + 1) % polygon.length] as Point];
    distance = Math.min(distance, distanceToSegment(point, edge));
  }
  return distance;
}

function shade([red, green, blue]: Rgb, factor: number): Rgb {
  return [Math.round(red * factor), Math.round(green * factor), Math.round(blue * factor)];
}

function luminance([red, green, blue]: Rgb): number {
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** What a sample point shows; colours are picked per club, the geometry is shared. */
const Region = { Outside: -1, Outline: 0, Body: 1, Trim: 2, Inside: 3 } as const;
type Region = (typeof Region)[keyof typeof Region];
type PaintedRegion = Exclude<Region, typeof Region.Outside>;
const PAINTED_REGIONS: readonly PaintedRegion[] = [Region.Outline, Region.Body, Region.Trim, Region.Inside];

function regionAt(point: Point): Region {
  if (!insidePolygon(point, SILHOUETTE)) return Region.Outside;
  const toEdge = distanceToEdges(point, SILHOUETTE);
  if (toEdge < OUTLINE_WIDTH) return Region.Outline;
  if (insidePolygon(point, NECK_OPENING)) {
    if (distanceToEdges(point, NECK_OPENING) < SEAM_WIDTH) return Region.Outline;
    // The back of the collar shows through the opening, just under the neckline.
    return toEdge - OUTLINE_WIDTH < BACK_COLLAR_DEPTH ? Region.Trim : Region.Inside;
  }
  if (insidePolygon(point, COLLAR)) {
    return distanceToEdges(point, COLLAR) < SEAM_WIDTH ? Region.Outline : Region.Trim;
  }
  if (SEAMS.some((seam) => distanceToSegment(point, seam) < SEAM_WIDTH / 2)) return Region.Outline;
  if (SLEEVES.some((sleeve) => insidePolygon(point, sleeve))) return Region.Trim;
  return Region.Body;
}

let coverageCache: Uint8Array | undefined;

/**
 * How many of each pixel's samples fall in each region. The shape is the same for every club,
 * so it is computed once and only the colours change per jersey.
 */
function regionCoverage(): Uint8Array {
  if (coverageCache) return coverageCache;
  const regions = PAINTED_REGIONS.length;
  const coverage = new Uint8Array(JERSEY_SIZE * JERSEY_SIZE * regions);
  // Only the right half is sampled and then copied across, so rounding on edges that pass
  // exactly through sample points cannot make the two sides differ.
  for (let y = 0; y < JERSEY_SIZE; y += 1) {
    for (let x = CENTRE_X; x < JERSEY_SIZE; x += 1) {
      const right = (y * JERSEY_SIZE + x) * regions;
      const left = (y * JERSEY_SIZE + (JERSEY_SIZE - 1 - x)) * regions;
      for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
        for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
          const region = regionAt([x + (sx + 0.5) / SUPERSAMPLE, y + (sy + 0.5) / SUPERSAMPLE]);
          if (region === Region.Outside) continue;
          coverage[right + region] = (coverage[right + region] ?? 0) + 1;
        }
      }
      coverage.copyWithin(left, right, right + regions);
    }
  }
  coverageCache = coverage;
  return coverage;
}

/** A 256x256 PNG of a football shirt: body in the primary colour, sleeves, collar and cuffs in the secondary. */
export function drawJersey({
  primaryColour,
  secondaryColour,
}: Pick<ClubIdentity, 'primaryColour' | 'secondaryColour'>): Buffer {
  const body = hexToRgb(primaryColour);
  const trim = hexToRgb(secondaryColour);
  // Outline in a shade of the darker colour, so a white shirt still has an edge on a white page.
  const darker = luminance(body) <= luminance(trim) ? body : trim;
  const colours: Record<PaintedRegion, Rgb> = {
    [Region.Outline]: shade(darker, 0.55),
    [Region.Body]: body,
    [Region.Trim]: trim,
    [Region.Inside]: shade(body, 0.7),
  };

  const coverage = regionCoverage();
  const png = new PNG({ width: JERSEY_SIZE, height: JERSEY_SIZE });
  for (let pixel = 0; pixel < JERSEY_SIZE * JERSEY_SIZE; pixel += 1) {
    let covered = 0;
    let red = 0;
    let green = 0;
    let blue = 0;
    for (const region of PAINTED_REGIONS) {
      const count = coverage[pixel * PAINTED_REGIONS.length + region] ?? 0;
      const [r, g, b] = colours[region];
      covered += count;
      red += r * count;
      green += g * count;
      blue += b * count;
    }
    const offset = pixel * 4;
    // Colour is the mean of the covered samples (straight alpha); coverage becomes alpha.
    png.data[offset] = covered ? Math.round(red / covered) : 0;
    png.data[offset + 1] = covered ? Math.round(green / covered) : 0;
    png.data[offset + 2] = covered ? Math.round(blue / covered) : 0;
    png.data[offset + 3] = Math.round((covered / (SUPERSAMPLE * SUPERSAMPLE)) * 255);
  }
  return PNG.sync.write(png);
}

export const JERSEY_DIRECTORY = fileURLToPath(new URL('../public/jersey/', import.meta.url));

export function jerseyFileName(clubCode: string): string {
  return `${clubCode.toLowerCase()}.png`;
}

function writeAllJerseys(): void {
  mkdirSync(JERSEY_DIRECTORY, { recursive: true });
  const clubs = Object.values(CLUB_IDENTITIES_BY_FPL_CODE);
  const wanted = new Set(clubs.map((club) => jerseyFileName(club.code)));
  // Drop images of clubs no longer listed, so there is exactly one file per club.
  for (const file of readdirSync(JERSEY_DIRECTORY)) {
    if (file.endsWith('.png') && !wanted.has(file)) rmSync(new URL(file, pathToFileURL(JERSEY_DIRECTORY)));
  }
  for (const club of clubs) {
    writeFileSync(new URL(jerseyFileName(club.code), pathToFileURL(JERSEY_DIRECTORY)), drawJersey(club));
  }
  console.log(`Wrote ${clubs.length} jerseys to ${JERSEY_DIRECTORY}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeAllJerseys();
