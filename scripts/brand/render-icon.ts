import { crc32, deflateSync } from 'node:zlib';

/**
 * The portal's mark (a mortarboard on a rounded square) as plain geometry in a 64-unit box, drawn
 * in the brand's theme colour: as SVG for the favicon, and rasterised here to the PNG icons the
 * manifest needs (192, 512 and a maskable 512), so a consultancy's BRAND_THEME_COLOR reaches the
 * home-screen icon with no image tool and no download at build time.
 */

type Point = readonly [number, number];
type PathCommand =
  { op: 'M' | 'L'; to: Point } | { op: 'C'; c1: Point; c2: Point; to: Point } | { op: 'Z' };
type Shape =
  | { kind: 'path'; commands: PathCommand[] }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; r: number };

const BOX = 64;
const BACKGROUND: Shape = { kind: 'rect', x: 0, y: 0, width: BOX, height: BOX, r: 14 };

const MARK: Shape[] = [
  // The board of the cap.
  {
    kind: 'path',
    commands: [
      { op: 'M', to: [32, 15] },
      { op: 'L', to: [8, 26] },
      { op: 'L', to: [32, 37] },
      { op: 'L', to: [56, 26] },
      { op: 'Z' },
    ],
  },
  // The crown under it.
  {
    kind: 'path',
    commands: [
      { op: 'M', to: [17, 31] },
      { op: 'L', to: [17, 41] },
      { op: 'C', c1: [17, 45], c2: [24, 49], to: [32, 49] },
      { op: 'C', c1: [40, 49], c2: [47, 45], to: [47, 41] },
      { op: 'L', to: [47, 31] },
      { op: 'L', to: [32, 38] },
      { op: 'Z' },
    ],
  },
  // The tassel: its cord and its end.
  { kind: 'rect', x: 50.5, y: 26.5, width: 3, height: 16, r: 1.5 },
  { kind: 'circle', cx: 52, cy: 43, r: 2.5 },
];

/** The maskable icon's mark stays inside the central circle every launcher's mask keeps. */
const MASKABLE_MARK_SCALE = 0.8;

export type IconStyle =
  /** A rounded square on a transparent ground: browser tabs, install dialogs, desktops. */
  | 'any'
  /** Full-bleed colour, for launchers that cut their own shape (Android) and for iOS. */
  | 'maskable';

/** The mark's colour on the given theme colour: white, or near-black on a pale theme. */
export function markColor(themeColor: string): string {
  const dark = '#0f172a';
  return contrast(themeColor, '#ffffff') >= contrast(themeColor, dark) ? '#ffffff' : dark;
}

export function faviconSvg(themeColor: string, title: string): string {
  const fill = markColor(themeColor);
  const shape = (s: Shape, color: string) => {
    switch (s.kind) {
      case 'path':
        return `<path d="${pathData(s.commands)}" fill="${color}"/>`;
      case 'circle':
        return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${color}"/>`;
      case 'rect':
        return `<rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" rx="${s.r}" fill="${color}"/>`;
    }
  };
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BOX} ${BOX}">`,
    `  <title>${escapeMarkup(title)}</title>`,
    `  ${shape(BACKGROUND, themeColor)}`,
    ...MARK.map((s) => `  ${shape(s, fill)}`),
    '</svg>',
    '',
  ].join('\n');
}

/** A square PNG of the mark, `size` pixels wide, on the theme colour. */
export function renderIconPng(size: number, themeColor: string, style: IconStyle): Buffer {
  const scale = size / BOX;
  const background =
    style === 'any'
      ? coverage(polygonsOf([BACKGROUND], scale, 0), size)
      : new Float32Array(size * size).fill(1);
  const markScale = style === 'any' ? scale : scale * MASKABLE_MARK_SCALE;
  const markOffset = style === 'any' ? 0 : (size - BOX * markScale) / 2;
  const mark = coverage(polygonsOf(MARK, markScale, markOffset), size);

  const ground = rgb(themeColor);
  const ink = rgb(markColor(themeColor));
  const pixels = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const m = Math.min(1, mark[i] ?? 0);
    for (let c = 0; c < 3; c++) {
      pixels[i * 4 + c] = Math.round((ground[c] ?? 0) * (1 - m) + (ink[c] ?? 0) * m);
    }
    pixels[i * 4 + 3] = Math.round(Math.min(1, background[i] ?? 0) * 255);
  }
  return encodePng(size, size, pixels);
}

function pathData(commands: PathCommand[]): string {
  return commands
    .map((c) => {
      switch (c.op) {
        case 'M':
        case 'L':
          return `${c.op}${c.to.join(' ')}`;
        case 'C':
          return `C${[...c.c1, ...c.c2, ...c.to].join(' ')}`;
        case 'Z':
          return 'Z';
      }
    })
    .join('');
}

/** Text safe inside an SVG or HTML element or a quoted attribute. */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// Geometry: every shape flattened to closed polygons, in pixels.

const CURVE_STEPS = 16;
const ARC_STEPS = 12;

function polygonsOf(shapes: Shape[], scale: number, offset: number): Point[][] {
  const place = ([x, y]: Point): Point => [x * scale + offset, y * scale + offset];
  return shapes.map((shape) => {
    const points = outline(shape);
    // One winding direction for every polygon, so overlapping shapes add up instead of cutting
    // holes in each other under the nonzero rule.
    return (signedArea(points) < 0 ? points.reverse() : points).map(place);
  });
}

function outline(shape: Shape): Point[] {
  switch (shape.kind) {
    case 'circle':
      return arc(shape.cx, shape.cy, shape.r, 0, 2 * Math.PI, ARC_STEPS * 4);
    case 'rect': {
      const { x, y, width: w, height: h, r } = shape;
      const q = Math.PI / 2;
      return [
        ...arc(x + w - r, y + r, r, -q, 0, ARC_STEPS),
        ...arc(x + w - r, y + h - r, r, 0, q, ARC_STEPS),
        ...arc(x + r, y + h - r, r, q, 2 * q, ARC_STEPS),
        ...arc(x + r, y + r, r, 2 * q, 3 * q, ARC_STEPS),
      ];
    }
    case 'path': {
      const points: Point[] = [];
      for (const c of shape.commands) {
        if (c.op === 'M' || c.op === 'L') points.push(c.to);
        if (c.op === 'C') {
          const from = points.at(-1) ?? c.to;
          for (let i = 1; i <= CURVE_STEPS; i++)
            points.push(cubic(from, c.c1, c.c2, c.to, i / CURVE_STEPS));
        }
      }
      return points;
    }
  }
}

function arc(cx: number, cy: number, r: number, from: number, to: number, steps: number): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = from + ((to - from) * i) / steps;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });
}

function cubic(p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const at = (k: 0 | 1) =>
    u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k];
  return [at(0), at(1)];
}

function signedArea(points: Point[]): number {
  let area = 0;
  points.forEach(([x0, y0], i) => {
    const [x1, y1] = points[(i + 1) % points.length] ?? [x0, y0];
    area += x0 * y1 - x1 * y0;
  });
  return area / 2;
}

/**
 * How much of each pixel the polygons cover (0 to 1), by the nonzero rule: a few sample lines per
 * pixel row, and on each line the exact share of every pixel a filled span crosses.
 */
const SAMPLE_LINES = 5;

function coverage(polygons: Point[][], size: number): Float32Array {
  const edges = polygons.flatMap((points) =>
    points.map((a, i) => [a, points[(i + 1) % points.length] ?? a] as const),
  );
  const cover = new Float32Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let s = 0; s < SAMPLE_LINES; s++) {
      const y = row + (s + 0.5) / SAMPLE_LINES;
      const crossings: { x: number; dir: number }[] = [];
      for (const [[x0, y0], [x1, y1]] of edges) {
        if (y0 === y1 || y < Math.min(y0, y1) || y >= Math.max(y0, y1)) continue;
        crossings.push({ x: x0 + ((y - y0) * (x1 - x0)) / (y1 - y0), dir: y1 > y0 ? 1 : -1 });
      }
      crossings.sort((a, b) => a.x - b.x);
      let winding = 0;
      let start = 0;
      for (const { x, dir } of crossings) {
        const before = winding;
        winding += dir;
        if (before === 0 && winding !== 0) start = x;
        if (before !== 0 && winding === 0) addSpan(cover, size, row, start, x, 1 / SAMPLE_LINES);
      }
    }
  }
  return cover;
}

function addSpan(
  cover: Float32Array,
  size: number,
  row: number,
  from: number,
  to: number,
  weight: number,
) {
  const left = Math.max(0, from);
  const right = Math.min(size, to);
  for (let px = Math.floor(left); px < right; px++) {
    const share = Math.min(px + 1, right) - Math.max(px, left);
    const i = row * size + px;
    cover[i] = (cover[i] ?? 0) + share * weight;
  }
}

// Colour.

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG 2's relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

// PNG: 8-bit RGBA, one zlib stream, no filtering.

function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
