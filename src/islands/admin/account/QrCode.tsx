import { useEffect, useState } from 'react';

/**
 * A QR code as an SVG path drawn from uqr's module matrix: no canvas, no image URL, no inline style, so
 * the panel's Content-Security-Policy has nothing to allow. The encoder is loaded when a code is shown.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const [path, setPath] = useState<{ d: string; size: number } | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      const { data, size } = encode(text, { ecc: 'M', border: 2 });
      let d = '';
      data.forEach((row, y) => row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }));
      if (live) setPath({ d, size });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!path) return <div className="size-48 rounded-md bg-mist" aria-hidden="true" />;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${path.size} ${path.size}`} shapeRendering="crispEdges" className="size-48 rounded-md bg-white text-black" data-testid="totp-qr">
      <path d={path.d} fill="currentColor" />
    </svg>
  );
}
