import sharp from 'sharp';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A brand thumbnail: its initials on its colour, as WebP (alternate brands get PNG, both are accepted). */
export async function drawThumbnail(initials: string, colour: string, format: 'webp' | 'png'): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0b1324"/></linearGradient></defs>
    <rect width="480" height="480" fill="url(#g)"/>
    <circle cx="240" cy="240" r="150" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>
    <text x="240" y="282" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="120" font-weight="700" fill="#ffffff">${escape(initials)}</text>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return new Uint8Array(await (format === 'webp' ? image.webp({ quality: 80 }) : image.png()).toBuffer());
}

/** A unit plan: the outline of the space, its door and window wall, labelled with its number, as PNG. */
export async function drawPlan(unitNumber: string, exclusiveAreaM2: number): Promise<Uint8Array> {
  // Wider units for larger areas, so plans of different units look different.
  const ratio = Math.min(2.2, Math.max(1, exclusiveAreaM2 / 100));
  const width = Math.round(300 * ratio);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 80}" height="380" viewBox="0 0 ${width + 80} 380">
    <rect width="100%" height="100%" fill="#f8fafc"/>
    <rect x="40" y="40" width="${width}" height="300" fill="#ffffff" stroke="#0f172a" stroke-width="8"/>
    <line x1="40" y1="40" x2="${40 + width}" y2="40" stroke="#38bdf8" stroke-width="8" stroke-dasharray="30 10"/>
    <path d="M ${40 + width / 2 - 40} 340 a 40 40 0 0 1 40 -40" fill="none" stroke="#64748b" stroke-width="3"/>
    <rect x="${40 + width / 2 - 40}" y="334" width="40" height="12" fill="#f8fafc"/>
    <text x="${40 + width / 2}" y="200" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" fill="#0f172a">${escape(unitNumber)}</text>
    <text x="${40 + width / 2}" y="245" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#475569">${exclusiveAreaM2} m²</text>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
