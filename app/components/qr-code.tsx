import { encode } from 'uqr';

/** The path of a QR code's dark modules, one square each (`M x y h1 v1 h-1 z`), in module units. */
function modulesPath(data: boolean[][]): string {
  let d = '';
  data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) d += `M${x} ${y}h1v1h-1z`;
  }));
  return d;
}

/**
 * A QR code of `value` (uqr: a small, dependency-free encoder) drawn as one SVG path, crisp on screen and
 * on paper at any size, with a quiet zone of 4 modules as readers expect. `label` names it for screen readers.
 */
export function QrCode({ value, size = 128, label }: { value: string; size?: number; label: string }) {
  const qr = encode(value, { ecc: 'M', border: 4 });
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges" data-testid="qr-code" data-value={value}>
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={modulesPath(qr.data)} fill="#000" />
    </svg>
  );
}
