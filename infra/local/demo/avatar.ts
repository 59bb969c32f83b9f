/**
 * Small generated PNGs for the demo (tutors' initials on a colour of their own, course banners
 * with their title and subject), so browse looks like a product on first start without shipping
 * image files. A minimal PNG encoder (RGB, no filter) and a raster to draw on with the 5×7 font.
 */
import { crc32, deflateSync } from 'node:zlib';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphPixel } from './bitmap-font.js';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

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

type Rgb = [number, number, number];

/** An RGB picture to draw on, then encode. */
export class Raster {
  readonly rows: Buffer;
  constructor(readonly width: number, readonly height: number, background: Rgb) {
    this.rows = Buffer.alloc((width * 3 + 1) * height);
    this.fill(0, 0, width, height, background);
  }

  fill(x0: number, y0: number, w: number, h: number, colour: Rgb): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x++) this.rows.set(colour, y * (this.width * 3 + 1) + 1 + x * 3);
    }
  }

  /** One line of capitals from the 5×7 font, each font pixel `scale` pixels square. */
  text(line: string, x0: number, y0: number, scale: number, colour: Rgb): void {
    [...line].forEach((char, i) => {
      for (let y = 0; y < GLYPH_HEIGHT; y++) {
        for (let x = 0; x < GLYPH_WIDTH; x++) {
          if (glyphPixel(char, x, y)) this.fill(x0 + (i * (GLYPH_WIDTH + 1) + x) * scale, y0 + y * scale, scale, scale, colour);
        }
      }
    });
  }

  /** Width in pixels of a line drawn at `scale`. */
  static textWidth(line: string, scale: number): number {
    return (line.length * (GLYPH_WIDTH + 1) - 1) * scale;
  }

  png(): Buffer {
    return encodePng(this.width, this.height, this.rows);
  }
}

/** A colour of the wheel: `hue` in degrees, saturation and lightness 0–1. */
export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

/** The n-th demo colour: hues a golden angle apart, so neighbours in any list look different. */
export const demoHue = (n: number) => (n * 137.508) % 360;

/** A tutor's portrait stand-in: their initials in white on a colour of their own. */
export function avatarPng(index: number, firstName: string, lastName: string, size = 96): Buffer {
  const picture = new Raster(size, size, hsl(demoHue(index), 0.55, 0.32));
  const initials = `${Array.from(firstName)[0] ?? ''}${Array.from(lastName)[0] ?? ''}`.toUpperCase();
  const scale = Math.floor(size / 16);
  const width = Raster.textWidth(initials, scale);
  picture.text(initials, Math.round((size - width) / 2), Math.round((size - GLYPH_HEIGHT * scale) / 2), scale, [255, 255, 255]);
  return picture.png();
}
