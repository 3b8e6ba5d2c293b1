import { encode } from 'uqr';

/** Modules of white around the code, which scanners need to find its edges. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` drawn as one SVG path (one unit per module), for an authenticator app to scan.
 * Black on white whatever the theme: scanners read dark modules on a light ground.
 */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: 'M', border: 0 });
  const width = data.length + 2 * QUIET_ZONE;
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
      data-testid="qr-code"
    >
      <title>{label}</title>
      <path d={path} fill="#000" />
    </svg>
  );
}
