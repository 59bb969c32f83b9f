/** A QR code as one SVG path of its dark modules (uqr encodes): what QrCode draws, and what tests compare. */
import { encode } from 'uqr';

export function qrPath(value: string): { path: string; modules: number } {
  // Quiet zone of 4 modules, as scanners expect; ECC M survives a smudged screen or a creased print.
  const { data, size } = encode(value, { ecc: 'M', border: 4 });
  let d = '';
  data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) d += `M${x} ${y}h1v1h-1z`;
  }));
  return { path: d, modules: size };
}
