/** Building blocks of the building, interior and construction scenes: one palette, one tower. */
export const P = { night: '#0b1324', ink: '#0f172a', brass: '#b7852f', glassDay: '#7fa6c9', glassLight: '#c7dbec' } as const;

/** A small seeded random generator, so every run draws the same windows and skyline. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const svg = (w: number, h: number, body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs>${defs}</defs>${body}</svg>\n`;

export function gradient(id: string, from: string, to: string, vertical = true, opacities: [number, number] = [1, 1]): string {
  const axis = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${axis}><stop offset="0" stop-color="${from}" stop-opacity="${opacities[0]}"/><stop offset="1" stop-color="${to}" stop-opacity="${opacities[1]}"/></linearGradient>`;
}

export function skyline(width: number, base: number, color: string, seed: number): string {
  const random = seeded(seed);
  let out = '';
  for (let x = 0; x < width; ) {
    const w = 60 + Math.floor(random() * 80);
    const h = 80 + Math.floor(random() * 180);
    out += `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${color}"/>`;
    x += w + 4 + Math.floor(random() * 16);
  }
  return out;
}

export const trees = (xs: number[], ground: number, color: string) =>
  xs.map((x) => `<circle cx="${x}" cy="${ground - 46}" r="34" fill="${color}"/><rect x="${x - 4}" y="${ground - 20}" width="8" height="20" fill="#5b4636"/>`).join('');

export const people = (xs: number[], ground: number, color: string) =>
  xs.map((x) => `<circle cx="${x}" cy="${ground - 58}" r="9" fill="${color}"/><rect x="${x - 9}" y="${ground - 48}" width="18" height="48" rx="8" fill="${color}"/>`).join('');

export const car = (x: number, y: number, color: string, scale = 1) =>
  `<g transform="translate(${x} ${y}) scale(${scale})"><rect x="0" y="30" width="220" height="60" rx="22" fill="${color}"/><rect x="40" y="0" width="130" height="50" rx="18" fill="${color}"/><rect x="55" y="10" width="100" height="28" rx="8" fill="#c7dbec" opacity=".8"/><circle cx="50" cy="92" r="20" fill="#111827"/><circle cx="170" cy="92" r="20" fill="#111827"/></g>`;

export interface TowerOptions {
  cx: number;
  ground: number;
  floorHeight: number;
  width: number;
  night?: boolean;
  /** Floors standing so far (construction); all 14 by default. */
  built?: number;
  crane?: boolean;
  scaffold?: boolean;
  glass?: boolean;
}

const FLOORS = 14;

/** B TOWER: a three-floor podium, a glass shaft with brass fins, a crown and the LED wall. */
export function tower({ cx, ground, floorHeight: fh, width, night = false, built = FLOORS, crane = false, scaffold = false, glass = true }: TowerOptions): string {
  const random = seeded(7);
  let out = '';
  for (let i = 0; i < built; i++) {
    const y = ground - (i + 1) * fh;
    const w = i < 3 ? width + 60 : width;
    const x = cx - w / 2;
    out += `<rect x="${x}" y="${y}" width="${w}" height="${fh - 4}" fill="${glass ? 'url(#glass)' : '#9aa3ad'}"/>`;
    if (night && glass) {
      for (let k = 0; k < Math.floor(w / 40); k++) {
        if (random() < 0.55) out += `<rect x="${x + k * 40 + 6}" y="${y + 6}" width="28" height="${fh - 16}" fill="#ffd98a" opacity="${(0.55 + random() * 0.4).toFixed(2)}"/>`;
      }
    }
    out += `<rect x="${x}" y="${y + fh - 4}" width="${w}" height="4" fill="${night ? '#1e293b' : '#e2e8f0'}"/>`;
  }
  const left = cx - width / 2;
  if (built === FLOORS && glass) {
    const top = ground - FLOORS * fh;
    for (let k = 1; k < Math.floor(width / 40); k++) out += `<rect x="${left + k * 40 - 2}" y="${top - 20}" width="4" height="${(FLOORS - 3) * fh + 20}" fill="${P.brass}" opacity="0.9"/>`;
    out += `<rect x="${left - 10}" y="${top - 34}" width="${width + 20}" height="16" fill="${P.brass}"/>`;
    out += `<rect x="${left + 20}" y="${ground - 3 * fh + 8}" width="${width - 40}" height="${fh * 2 - 12}" rx="4" fill="${night ? 'url(#led)' : '#1e3a5f'}"/>`;
    out += `<text x="${cx}" y="${ground - fh * 2 + 4}" font-family="sans-serif" font-weight="800" font-size="${Math.round(fh * 0.7)}" letter-spacing="8" fill="#fff" text-anchor="middle" opacity="0.9">B TOWER</text>`;
  }
  if (scaffold) {
    const h = built * fh;
    out += `<rect x="${left - 70}" y="${ground - h}" width="${width + 140}" height="${h}" fill="url(#net)" stroke="#64748b" stroke-width="3"/>`;
  }
  if (crane) {
    const top = ground - Math.max(built, 4) * fh - 160;
    const mx = cx + width / 2 + 40;
    out += `<rect x="${mx}" y="${top}" width="14" height="${ground - top}" fill="${P.brass}"/>`;
    out += `<path d="M${mx - 220} ${top} H${mx + 300} M${mx - 220} ${top + 18} H${mx + 300}" stroke="${P.brass}" stroke-width="6"/>`;
    out += `<path d="M${mx + 7} ${top - 50} L${mx - 220} ${top} M${mx + 7} ${top - 50} L${mx + 300} ${top}" stroke="${P.brass}" stroke-width="3" fill="none"/>`;
    out += `<rect x="${mx - 230}" y="${top - 6}" width="50" height="36" fill="#475569"/>`;
    out += `<path d="M${mx + 220} ${top + 18} V${top + 200}" stroke="#334155" stroke-width="2"/><rect x="${mx + 205}" y="${top + 200}" width="30" height="18" fill="#334155"/>`;
  }
  return out;
}
