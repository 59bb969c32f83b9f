/** A QR code drawn as one SVG path (uqr encodes; no canvas, no innerHTML). Only the pages that show one load it (two-step set-up, certificates). */
import { useMemo } from 'react';
import { qrPath } from './qr-path';

export function QrCode({ value, label, size = 208 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => qrPath(value), [value]);
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
