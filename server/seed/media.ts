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
