/** Tiny helpers shared by the illustration drawings: one palette, one file shape. */

export const C = {
  night: '#0b1324',
  ink: '#0f172a',
  slate: '#334155',
  muted: '#64748b',
  line: '#cbd5e1',
  mist: '#f1f5f9',
  paper: '#ffffff',
  brass: '#b7852f',
  brassSoft: '#f6ecd9',
  brassMid: '#e3c48f',
  line2: '#33a23d',
  sillimLine: '#6789ca',
  water: '#bfdbfe',
  park: '#d9ead3',
} as const;

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
}

export const el = (tag: string, a: Attrs, children = ''): string =>
  children ? `<${tag} ${attrs(a)}>${children}</${tag}>` : `<${tag} ${attrs(a)}/>`;

export const rect = (x: number, y: number, width: number, height: number, a: Attrs = {}) =>
  el('rect', { x, y, width, height, ...a });
export const circle = (cx: number, cy: number, r: number, a: Attrs = {}) => el('circle', { cx, cy, r, ...a });
export const line = (x1: number, y1: number, x2: number, y2: number, a: Attrs = {}) =>
  el('line', { x1, y1, x2, y2, ...a });
export const path = (d: string, a: Attrs = {}) => el('path', { d, ...a });
export const group = (children: string, a: Attrs = {}) => el('g', a, children);

/** A whole SVG document. Decorative text stays out: the alt text in each language describes the picture. */
export function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;
}

/** A deterministic pseudo-random sequence, so redrawing gives the same file for the same data. */
export function seeded(key: string): () => number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h >>>= 0) % 1000) / 1000;
  };
}
