import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The quiet zone around the code, in modules: as in the certificate PDF's QR code. */
const QUIET_ZONE = 1;

/**
 * `text`'s QR code as one SVG path on a square of `size` modules: a rectangle per horizontal run of
 * dark modules. The same library and error correction as the certificate PDF's code.
 */
export function qrCodePath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      d += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, d };
}

/** A QR code drawn inline (no image request), black on white whatever the page's colours. */
export function QrCode({
  text,
  label,
  className,
}: {
  text: string;
  /** What the code holds, for those who cannot scan it. */
  label: string;
  className?: string;
}) {
  const { size, d } = useMemo(() => qrCodePath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
