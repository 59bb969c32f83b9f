/**
 * Draws the installable app's icons (the favicon's mark: a teal tile with a gold peak) as PNGs into
 * frontend/public/icons/. Run once when the mark changes; the PNGs are committed, so builds need no
 * image tooling:  npx tsx infra/scripts/app-icons.ts
 * "any" icons fill a rounded tile; the maskable one fills the square and keeps the peak inside the
 * central 80% safe zone that Android's masks (circle, squircle) never crop.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const TEAL = [0x0f, 0x76, 0x6e] as const; // theme colour (index.html theme-color)
const GOLD = [0xfb, 0xbf, 0x24] as const;
const SAMPLES = 4; // per axis: 16 samples a pixel smooth the edges

/** CRC-32 of PNG chunks. */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `size`² pixels; `colour(x, y)` answers for a point in 0..1 coordinates. */
function png(size: number, colour: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0 (none)
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const [cr, cg, cb, ca] = colour((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size);
          r += cr * ca; g += cg * ca; b += cb * ca; a += ca;
        }
      }
      const n = SAMPLES * SAMPLES;
      const alpha = a / n;
      row.set(alpha ? [Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round(alpha * 255)] : [0, 0, 0, 0], 1 + px * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Inside the favicon's triangle (8,21)-(16,10)-(24,21) of 32, scaled about the centre by `scale`. */
function inPeak(x: number, y: number, scale: number): boolean {
  const u = (x - 0.5) / scale + 0.5, v = (y - 0.5) / scale + 0.5;
  const [ax, ay, bx, by, cx, cy] = [8 / 32, 21 / 32, 16 / 32, 10 / 32, 24 / 32, 21 / 32];
  const side = (px: number, py: number, qx: number, qy: number) => (qx - px) * (v - py) - (qy - py) * (u - px);
  const d1 = side(ax, ay, bx, by), d2 = side(bx, by, cx, cy), d3 = side(cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** Inside a square tile with corners rounded by `radius` (0..0.5). */
function inTile(x: number, y: number, radius: number): boolean {
  const dx = Math.max(radius - x, x - (1 - radius), 0), dy = Math.max(radius - y, y - (1 - radius), 0);
  return dx * dx + dy * dy <= radius * radius;
}

function icon(size: number, maskable: boolean): Buffer {
  return png(size, (x, y) => {
    if (!maskable && !inTile(x, y, 8 / 32)) return [0, 0, 0, 0];
    return inPeak(x, y, maskable ? 0.8 : 1) ? [...GOLD, 1] : [...TEAL, 1];
  });
}

const out = fileURLToPath(new URL('../../frontend/public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });
const files: Record<string, Buffer> = {
  'icon-192.png': icon(192, false),
  'icon-512.png': icon(512, false),
  'maskable-512.png': icon(512, true),
  // iOS ignores manifest icons and rounds its own corners: a full square.
  'apple-touch-icon.png': icon(180, true),
};
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(out + name, bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}
