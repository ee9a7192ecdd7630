import { GLYPHS } from './glyphs.ts';
import { C, circle, el, group, line, path, rect, seeded, svg } from './svg.ts';

function glyph(name: string, x: number, y: number, size: number): string {
  const g = GLYPHS[name];
  if (!g) throw new Error(`no glyph named "${name}" in scripts/illustrations/glyphs.ts`);
  return group(g, { transform: `translate(${x} ${y}) scale(${size / 100})` });
}

/** A shop front for a business example: façade, awning, display window and the business's glyph. */
export function drawExample(name: string): string {
  const rnd = seeded(name);
  const awning = rnd() > 0.5 ? C.brass : C.night;
  const stripes = Array.from({ length: 8 }, (_, i) =>
    rect(60 + i * 35, 70, 17.5, 34, { fill: i % 2 ? C.brassSoft : awning }),
  ).join('');
  const body =
    rect(0, 0, 400, 300, { fill: C.brassSoft }) +
    rect(0, 250, 400, 50, { fill: C.mist }) +
    rect(50, 40, 300, 210, { fill: C.paper, stroke: C.night, 'stroke-width': 4 }) +
    stripes +
    path('M60 104q17.5 14 35 0q17.5 14 35 0q17.5 14 35 0q17.5 14 35 0q17.5 14 35 0q17.5 14 35 0q17.5 14 35 0q17.5 14 35 0', {
      fill: 'none', stroke: awning, 'stroke-width': 3,
    }) +
    rect(70, 124, 150, 112, { fill: C.mist, stroke: C.slate, 'stroke-width': 2 }) +
    rect(240, 124, 90, 126, { fill: C.night }) +
    circle(320, 190, 3, { fill: C.brassMid }) +
    circle(145, 180, 46, { fill: C.paper, stroke: C.brass, 'stroke-width': 3 }) +
    glyph(name, 113, 148, 64) +
    line(20, 250, 380, 250, { stroke: C.night, 'stroke-width': 3 });
  return svg(400, 300, body);
}

/** A location feature card picture: a glyph on a soft tile with a brass ring. */
export function drawFeature(name: string): string {
  const body =
    rect(0, 0, 400, 300, { fill: C.mist }) +
    circle(200, 150, 110, { fill: C.brassSoft }) +
    circle(200, 150, 110, { fill: 'none', stroke: C.brass, 'stroke-width': 3, 'stroke-dasharray': '6 10' }) +
    glyph(name, 140, 90, 120);
  return svg(400, 300, body);
}

/** The static map shown before the live map loads: streets, the stream, both stations and the tower. */
export function drawMap(): string {
  const streets = [
    line(0, 170, 800, 150, { stroke: C.paper, 'stroke-width': 34 }), // Nambusunhwan-ro
    line(420, 0, 440, 500, { stroke: C.paper, 'stroke-width': 30 }), // Sillim-ro
    line(0, 380, 800, 400, { stroke: C.paper, 'stroke-width': 16 }),
    line(170, 0, 200, 500, { stroke: C.paper, 'stroke-width': 14 }),
    line(650, 0, 630, 500, { stroke: C.paper, 'stroke-width': 14 }),
  ].join('');
  const stream = path('M0 260C160 230 260 300 420 280S680 240 800 270', { fill: 'none', stroke: C.water, 'stroke-width': 18 });
  const park = rect(480, 300, 120, 70, { rx: 10, fill: C.park });
  const station = (x: number, y: number, colour: string) =>
    circle(x, y, 16, { fill: C.paper, stroke: colour, 'stroke-width': 7 });
  const walk = path('M430 168C432 200 440 220 452 232', { fill: 'none', stroke: C.night, 'stroke-width': 4, 'stroke-dasharray': '2 8', 'stroke-linecap': 'round' });
  const pin = group(
    path('M470 250c0-24 40-24 40 0 0 20-20 36-20 36s-20-16-20-36z', { fill: C.brass, stroke: C.night, 'stroke-width': 3 }) +
      circle(490, 250, 7, { fill: C.paper }),
  );
  const blocks = Array.from({ length: 16 }, (_, i) =>
    rect(20 + (i % 8) * 100 + (i % 3) * 6, i < 8 ? 30 : 420, 60, 44, { rx: 6, fill: '#e2e8f0' }),
  ).join('');
  return svg(800, 500, rect(0, 0, 800, 500, { fill: '#eef2f6' }) + blocks + park + stream + streets + walk +
    station(430, 160, C.line2) + station(360, 240, C.sillimLine) + pin);
}

/** The neighbourhood around the tower: low blocks, B TOWER rising above them, the subway below. */
export function drawLocationScene(): string {
  const rnd = seeded('location');
  const lows = Array.from({ length: 12 }, (_, i) => {
    const h = 60 + Math.round(rnd() * 110);
    return rect(10 + i * 66, 380 - h, 56, h, { fill: i % 3 ? '#dbe4f0' : '#cbd5e1' });
  }).join('');
  const windows = Array.from({ length: 14 }, (_, i) => line(362, 112 + i * 18, 458, 112 + i * 18, { stroke: C.brassMid, 'stroke-width': 3 })).join('');
  const tower = rect(350, 90, 120, 290, { fill: C.night }) + windows + rect(340, 76, 140, 14, { fill: C.brass });
  const underground = rect(0, 380, 800, 120, { fill: '#e7e5e4' }) +
    el('rect', { x: 120, y: 430, width: 560, height: 20, rx: 10, fill: C.line2 }) +
    line(410, 380, 410, 430, { stroke: C.night, 'stroke-width': 3, 'stroke-dasharray': '6 6' });
  return svg(800, 500, rect(0, 0, 800, 500, { fill: '#f8fafc' }) + circle(660, 90, 40, { fill: C.brassSoft }) + lows + tower + underground);
}
