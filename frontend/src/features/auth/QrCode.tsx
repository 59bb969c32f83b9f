/** A QR code drawn as one SVG path (uqr encodes; no canvas, no innerHTML). Only the set-up page loads it. */
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ value, label, size = 208 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    // Quiet zone of 4 modules, as scanners expect; ECC M survives a smudged screen.
    const { data, size: count } = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }));
    return { path: d, modules: count };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="qr-code"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
