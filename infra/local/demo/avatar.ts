/**
 * Small PNG portraits for demo tutors (a silhouette on a colour), so browse looks like a
 * product on first start without shipping image files. A minimal PNG encoder: RGB, no filter.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];

/** A PNG (8-bit RGB, no interlace) from raw rows, each a filter byte (0) then width × RGB. */
export function encodePng(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function avatarPng(background: string, figure: string, size = 96): Buffer {
  const bg = hex(background);
  const fg = hex(figure);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const head = (x - c) ** 2 + (y - size * 0.38) ** 2 < (size * 0.18) ** 2;
      const body = y > size * 0.62 && (x - c) ** 2 / (size * 0.34) ** 2 + (y - size) ** 2 / (size * 0.4) ** 2 < 1;
      const [r, g, b] = head || body ? fg : bg;
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  return encodePng(size, size, raw);
}
