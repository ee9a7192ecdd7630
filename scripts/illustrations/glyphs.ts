import { C, circle, line, path, rect } from './svg.ts';

/** Simple line glyphs in a 100×100 box, one per business type or location feature. */
const s = { fill: 'none', stroke: C.night, 'stroke-width': 5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' } as const;
const accent = { ...s, stroke: C.brass } as const;

export const GLYPHS: Record<string, string> = {
  grocery: path('M15 35h70l-10 40h-50zM30 35l12-20M70 35l-12-20', s) + line(40, 50, 40, 62, accent) + line(60, 50, 60, 62, accent),
  bakery: path('M15 60c0-25 70-25 70 0v12h-70z', s) + path('M35 48l6 12M50 45v14M65 48l-6 12', accent),
  cafe: path('M20 40h50v25a20 20 0 0 1-20 20h-10a20 20 0 0 1-20-20zM70 48h8a10 10 0 0 1 0 20h-8', s) + path('M35 15c-5 8 5 12 0 20M52 15c-5 8 5 12 0 20', accent),
  flagship: path('M20 35h60l-5 50h-50zM38 35v-8a12 12 0 0 1 24 0v8', s) + line(30, 50, 70, 50, accent),
  cosmetics: rect(38, 30, 24, 55, { ...s, rx: 6 }) + rect(43, 15, 14, 15, accent) + line(44, 55, 56, 55, accent),
  pharmacy: rect(15, 15, 70, 70, { ...s, rx: 14 }) + path('M50 30v40M30 50h40', { ...accent, 'stroke-width': 9 }),
  restaurant: path('M30 15v70M22 15v20a8 8 0 0 0 16 0v-20M68 85v-70c-10 10-12 30 0 38', s) + circle(50, 90, 2, accent),
  bistro: path('M32 15h36c0 30-10 38-18 38s-18-8-18-38zM50 53v27M36 82h28', s) + line(34, 30, 66, 30, accent),
  dessert: path('M18 55h64v28h-64zM18 55c0-14 64-14 64 0', s) + path('M50 40v-15', accent) + circle(50, 20, 5, accent),
  salon: circle(30, 72, 11, s) + circle(70, 72, 11, s) + path('M37 63l38-48M63 63l-38-48', s) + circle(50, 45, 3, accent),
  fitness: path('M25 50h50', s) + rect(12, 32, 13, 36, { ...accent, rx: 3 }) + rect(75, 32, 13, 36, { ...accent, rx: 3 }) + line(6, 50, 12, 50, s) + line(88, 50, 94, 50, s),
  skincare: path('M50 12c16 24 26 38 26 52a26 26 0 0 1-52 0c0-14 10-28 26-52z', s) + path('M40 66a10 10 0 0 0 10 10', accent),
  clinic: path('M50 12l32 12v24c0 20-14 34-32 40-18-6-32-20-32-40v-24z', s) + path('M50 34v28M36 48h28', { ...accent, 'stroke-width': 7 }),
  dental: path('M30 18c10-6 15 0 20 0s10-6 20 0c12 8 8 30 2 40-4 8-4 28-10 28-6 0-5-22-12-22s-6 22-12 22c-6 0-6-20-10-28-6-10-10-32 2-40z', s),
  checkup: path('M10 55h20l8-20 12 40 10-28 6 8h24', accent) + rect(10, 15, 80, 70, { ...s, rx: 8 }),
  academy: path('M50 25l40 16-40 16-40-16z', s) + path('M26 48v18c0 8 48 8 48 0v-18M90 41v24', accent),
  study: path('M15 80h70M30 80v-20h40v20', s) + path('M62 60l-16-34 18-8', accent) + circle(64, 18, 6, accent),
  office: rect(15, 35, 70, 45, { ...s, rx: 6 }) + path('M38 35v-10h24v10M15 55h70', s) + rect(45, 50, 10, 10, accent),
  coworking: rect(22, 25, 56, 36, { ...s, rx: 4 }) + path('M12 72h76l-8 10h-60z', s) + line(40, 43, 60, 43, accent),
  rooftop: circle(72, 24, 10, accent) + path('M20 40c10-16 40-16 50 0zM45 40v40M28 82h34', s),
  lounge: path('M15 50h70v28h-70zM22 50v-14h56v14M20 78v8M80 78v8', s) + line(30, 62, 70, 62, accent),
  subway: rect(25, 12, 50, 62, { ...s, rx: 12 }) + path('M25 42h50M36 86l6-12M64 86l-6-12', s) + circle(38, 58, 4, accent) + circle(62, 58, 4, accent),
  bus: rect(18, 15, 64, 62, { ...s, rx: 10 }) + path('M18 48h64M30 77v9M70 77v9M30 26h40', s) + circle(32, 63, 4, accent) + circle(68, 63, 4, accent),
  road: path('M30 90l12-80M70 90l-12-80', s) + path('M50 84v-10M50 62v-10M50 40v-10M50 18v-6', accent),
  residents: path('M12 86v-46h24v46M40 86v-66h24v66M68 86v-36h20v36M6 86h88', s) + path('M48 32h8M48 46h8M48 60h8', accent),
  campus: path('M14 86h72M20 86v-34h60v34M14 52l36-24 36 24M50 28v-16', s) + path('M50 12h16l-4 5 4 5h-16', accent) + rect(44, 66, 12, 20, accent),
};
