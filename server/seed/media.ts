import { PNG } from 'pngjs';

/** Small real media for the demo data, made on the spot: PNG pictures and a WAV tone. */

function hsl(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** A portrait-like picture: a coloured background with a head-and-shoulders silhouette. */
export function portraitPng(hue: number, size = 240): Buffer {
  const png = new PNG({ width: size, height: size });
  const background = hsl(hue, 55, 78);
  const figure = hsl((hue + 20) % 360, 45, 42);
  const cx = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const head = (x - cx) ** 2 + (y - size * 0.38) ** 2 < (size * 0.17) ** 2;
      const body = (x - cx) ** 2 / (size * 0.32) ** 2 + (y - size) ** 2 / (size * 0.38) ** 2 < 1;
      const [r, g, b] = head || body ? figure : background;
      const index = (y * size + x) * 4;
      png.data[index] = r;
      png.data[index + 1] = g;
      png.data[index + 2] = b;
      png.data[index + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** An icon-like picture: a rounded coloured tile with a lighter disc. */
export function iconPng(hue: number, size = 96): Buffer {
  const png = new PNG({ width: size, height: size });
  const tile = hsl(hue, 65, 50);
  const disc = hsl(hue, 70, 85);
  const c = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inDisc = (x - c) ** 2 + (y - c) ** 2 < (size * 0.26) ** 2;
      const [r, g, b] = inDisc ? disc : tile;
      const index = (y * size + x) * 4;
      png.data[index] = r;
      png.data[index + 1] = g;
      png.data[index + 2] = b;
      png.data[index + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A wide banner picture with a gradient, for blogs, offers and events. */
export function bannerPng(hue: number, width = 480, height = 270): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = hsl((hue + (x / width) * 60) % 360, 60, 45 + (y / height) * 25);
      const index = (y * width + x) * 4;
      png.data[index] = r;
      png.data[index + 1] = g;
      png.data[index + 2] = b;
      png.data[index + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A short sine tone as 16-bit mono WAV: a playable audio prompt. */
export function toneWav(frequency = 440, seconds = 1.5, sampleRate = 8000): Buffer {
  const samples = Math.floor(seconds * sampleRate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    const fade = Math.min(1, i / 400, (samples - i) / 400);
    buffer.writeInt16LE(
      Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12000 * fade),
      44 + i * 2,
    );
  }
  return buffer;
}

type Point = [number, number];

/** A point on an SVG elliptical arc's path (SVG 1.1, F.6.5: endpoint to centre parameterisation), as a polyline. */
function arcPoints([x0, y0]: Point, [rxIn, ryIn, rotation, large, sweep, x1, y1]: number[]): Point[] {
  let rx = Math.abs(rxIn!);
  let ry = Math.abs(ryIn!);
  if (rx === 0 || ry === 0) return [[x1!, y1!]];
  const phi = (rotation! * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x0 - x1!) / 2;
  const dy = (y0 - y1!) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  const lambda = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2;
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2;
  const denominator = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2;
  const coefficient = (large !== sweep ? 1 : -1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cxp = (coefficient * rx * y1p) / ry;
  const cyp = (-coefficient * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x0 + x1!) / 2;
  const cy = sin * cxp + cos * cyp + (y0 + y1!) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) =>
    Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const start = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const steps = 24;
  return Array.from({ length: steps }, (_, k) => {
    const t = start + (delta * (k + 1)) / steps;
    return [
      cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin,
      cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos,
    ] as Point;
  });
}

/** The same point on a Bézier curve of any degree (de Casteljau), for t from 0 to 1. */
function bezier(points: Point[], t: number): Point {
  let level = points;
  while (level.length > 1)
    level = level
      .slice(1)
      .map(([x, y], i) => [level[i]![0] + (x - level[i]![0]) * t, level[i]![1] + (y - level[i]![1]) * t]);
  return level[0]!;
}

const ARGUMENTS: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

/** The lines an SVG path's data draws (curves and arcs flattened), as polylines in the path's own units. */
export function pathPolylines(d: string): Point[][] {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const lines: Point[][] = [];
  let line: Point[] = [];
  let current: Point = [0, 0];
  let start: Point = [0, 0];
  let control: Point | null = null;
  let command = '';
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index]!;
    if (/[a-zA-Z]/.test(token)) {
      command = token;
      index += 1;
    } else if (command === 'M') command = 'L';
    else if (command === 'm') command = 'l';
    const kind = command.toUpperCase();
    const count = ARGUMENTS[kind];
    if (count === undefined) throw new Error(`Unsupported path command ${command}`);
    const values = tokens.slice(index, index + count).map(Number);
    index += count;
    const relative = command !== kind;
    const [ox, oy] = relative ? current : [0, 0];
    const at = (i: number): Point => [ox + values[i]!, oy + values[i + 1]!];
    const reflected = (): Point =>
      control ? [2 * current[0] - control[0], 2 * current[1] - control[1]] : current;
    let next: Point[] = [];
    let nextControl: Point | null = null;
    if (kind === 'M') {
      current = start = at(0);
      control = null;
      lines.push((line = [current]));
      continue;
    } else if (kind === 'L') next = [at(0)];
    else if (kind === 'H') next = [[relative ? current[0] + values[0]! : values[0]!, current[1]]];
    else if (kind === 'V') next = [[current[0], relative ? current[1] + values[0]! : values[0]!]];
    else if (kind === 'Z') next = [start];
    else if (kind === 'A')
      next = arcPoints(current, [...values.slice(0, 5), ox + values[5]!, oy + values[6]!]);
    else {
      const controls =
        kind === 'C'
          ? [at(0), at(2)]
          : kind === 'S'
            ? [reflected(), at(0)]
            : kind === 'Q'
              ? [at(0)]
              : [reflected()];
      const end = at(values.length - 2);
      nextControl = controls.at(-1)!;
      const curve = [current, ...controls, end];
      next = Array.from({ length: 16 }, (_, k) => bezier(curve, (k + 1) / 16));
    }
    // A smooth curve reflects the previous one's last control point only when it follows one of its own kind.
    control = nextControl;
    line.push(...next);
    current = next.at(-1) ?? current;
    if (kind === 'Z') lines.push((line = [current]));
  }
  return lines.filter((points) => points.length > 1);
}

/**
 * A catalogue icon: a rounded tile of `hue` with a pictogram drawn on it in white, from outline paths on a 24 x 24
 * grid with a stroke of 2 and round ends (pictograms.ts). Each pixel takes the stroke's cover by its distance to the
 * nearest line, which gives smooth edges.
 */
export function pictogramPng(paths: readonly string[], hue: number, size = 96): Buffer {
  const png = new PNG({ width: size, height: size });
  const tile = hsl(hue, 55, 42);
  const margin = size * 0.2;
  const scale = (size - 2 * margin) / 24;
  const half = scale; // half the stroke of 2 units
  const cover = new Float32Array(size * size);
  for (const points of paths.flatMap(pathPolylines)) {
    const pixels = points.map(([x, y]) => [margin + x * scale, margin + y * scale] as Point);
    for (let s = 1; s < pixels.length; s += 1) {
      const [ax, ay] = pixels[s - 1]!;
      const [bx, by] = pixels[s]!;
      const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
      const left = Math.max(0, Math.floor(Math.min(ax, bx) - half - 1));
      const right = Math.min(size - 1, Math.ceil(Math.max(ax, bx) + half + 1));
      const top = Math.max(0, Math.floor(Math.min(ay, by) - half - 1));
      const bottom = Math.min(size - 1, Math.ceil(Math.max(ay, by) + half + 1));
      for (let y = top; y <= bottom; y += 1)
        for (let x = left; x <= right; x += 1) {
          const px = x + 0.5;
          const py = y + 0.5;
          const t = length2
            ? Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2))
            : 0;
          const distance = Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
          const value = Math.max(0, Math.min(1, half + 0.5 - distance));
          if (value > cover[y * size + x]!) cover[y * size + x] = value;
        }
    }
  }
  const radius = size * 0.22;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      // Outside the tile's rounded corners the picture is transparent.
      const cx = Math.max(radius - x - 0.5, 0, x + 0.5 - (size - radius));
      const cy = Math.max(radius - y - 0.5, 0, y + 0.5 - (size - radius));
      const inside = Math.max(0, Math.min(1, radius + 0.5 - Math.hypot(cx, cy)));
      const white = cover[y * size + x]!;
      const index = (y * size + x) * 4;
      for (let channel = 0; channel < 3; channel += 1)
        png.data[index + channel] = Math.round(tile[channel]! + (255 - tile[channel]!) * white);
      png.data[index + 3] = Math.round(255 * inside);
    }
  }
  return PNG.sync.write(png);
}
