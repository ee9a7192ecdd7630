import { C, circle, group, line, path, rect, seeded, svg } from './svg.ts';

export interface PlanSpec {
  id: string;
  kind: 'parking' | 'retail' | 'dining' | 'medical' | 'education' | 'office' | 'open' | 'rooftop';
  units: number;
}

const W = 800;
const H = 500;
const IN = { x: 60, y: 60, w: 680, h: 380 }; // the floor slab inside the outer wall
const CORE = { w: 150, h: 120 };

/** Elevators (3 passenger + 1 emergency), two stairs and restrooms: the same core on every floor. */
function core(x: number, y: number): string {
  const lifts = [0, 1, 2, 3]
    .map((i) => {
      const lx = x + 8 + i * 34;
      const cross = path(`M${lx} ${y + 8}l28 32M${lx + 28} ${y + 8}l-28 32`, { stroke: C.muted, 'stroke-width': 1 });
      return rect(lx, y + 8, 28, 32, { fill: i === 3 ? C.brassSoft : C.paper, stroke: C.slate }) + cross;
    })
    .join('');
  const stairs = [0, 1]
    .map((i) => {
      const sx = x + 8 + i * 70;
      const treads = Array.from({ length: 6 }, (_, t) => line(sx, y + 52 + t * 9, sx + 62, y + 52 + t * 9, { stroke: C.line }));
      return rect(sx, y + 50, 62, 60, { fill: C.paper, stroke: C.slate }) + treads.join('');
    })
    .join('');
  return group(rect(x, y, CORE.w, CORE.h, { fill: C.mist, stroke: C.night, 'stroke-width': 3 }) + lifts + stairs);
}

function door(x: number, y: number, up: boolean): string {
  const dy = up ? -18 : 18;
  return path(`M${x} ${y}v${dy}a18 18 0 0 1 18 ${-dy}`, { fill: 'none', stroke: C.muted, 'stroke-width': 1.2 });
}

/** Tenant units side by side along a band, divided by party walls. */
function unitRow(x: number, y: number, w: number, h: number, n: number, rnd: () => number, doorsUp: boolean): string {
  if (n <= 0) return '';
  const weights = Array.from({ length: n }, () => 0.8 + rnd() * 0.5);
  const total = weights.reduce((a, b) => a + b, 0);
  let cx = x;
  return weights
    .map((wt, i) => {
      const uw = (w * wt) / total;
      const shade = i % 2 === 0 ? C.paper : C.brassSoft;
      const out = rect(cx, y, uw, h, { fill: shade, stroke: C.night, 'stroke-width': 2 }) + door(cx + uw / 2 - 9, doorsUp ? y : y + h, !doorsUp);
      cx += uw;
      return out;
    })
    .join('');
}

function parking(rnd: () => number): string {
  const bays = (y: number, flip: boolean) =>
    Array.from({ length: 14 }, (_, i) => {
      const bx = IN.x + 20 + i * 46;
      const car = rnd() > 0.35 ? rect(bx + 8, y + (flip ? 30 : 12), 30, 48, { rx: 8, fill: C.line }) : '';
      return rect(bx, y, 46, 90, { fill: 'none', stroke: C.muted, 'stroke-width': 1.5 }) + car;
    }).join('');
  const lift = rect(IN.x + 520, IN.y + 240, 150, 110, { fill: C.brassSoft, stroke: C.brass, 'stroke-width': 2 });
  const liftBays = [0, 1, 2].map((i) => rect(IN.x + 530 + i * 46, IN.y + 252, 40, 86, { fill: C.paper, stroke: C.brass })).join('');
  const ramp = path(`M${IN.x + 20} ${IN.y + 220}h180l-24 -14m24 14l-24 14`, { fill: 'none', stroke: C.brass, 'stroke-width': 4 });
  return bays(IN.y + 10, false) + bays(IN.y + 280, true) + ramp + lift + liftBays;
}

function retail(n: number, rnd: () => number): string {
  const glass = line(IN.x, IN.y + IN.h, IN.x + IN.w, IN.y + IN.h, { stroke: C.brass, 'stroke-width': 8 });
  const units = unitRow(IN.x, IN.y + 160, IN.w, IN.h - 160, n, rnd, false);
  const escalator = n <= 2 ? rect(IN.x + 300, IN.y + 220, 60, 120, { fill: C.mist, stroke: C.slate }) +
    path(`M${IN.x + 330} ${IN.y + 320}v-80l-12 14m12 -14l12 14`, { fill: 'none', stroke: C.slate, 'stroke-width': 2 }) : '';
  return units + escalator + glass + unitRow(IN.x + 200, IN.y, IN.w - 200, 130, Math.max(1, n - 2), rnd, false);
}

function dining(n: number, rnd: () => number): string {
  const top = unitRow(IN.x, IN.y, IN.w, 150, Math.ceil(n / 2), rnd, false);
  const bottom = unitRow(IN.x + 170, IN.y + 230, IN.w - 170, 150, Math.floor(n / 2), rnd, true);
  const tables = Array.from({ length: 18 }, (_, i) =>
    circle(IN.x + 40 + (i % 9) * 75 + rnd() * 10, IN.y + (i < 9 ? 60 : 300) + rnd() * 30, 9, { fill: C.paper, stroke: C.brass, 'stroke-width': 2 }),
  ).join('');
  return top + bottom + tables;
}

function corridor(n: number, rnd: () => number): string {
  const half = Math.ceil(n / 2);
  return unitRow(IN.x, IN.y, IN.w, 150, half, rnd, false) + unitRow(IN.x + 170, IN.y + 230, IN.w - 170, 150, n - half, rnd, true) +
    rect(IN.x, IN.y + 150, IN.w, 80, { fill: C.mist });
}

function office(n: number, rnd: () => number): string {
  const desks = Array.from({ length: 24 }, (_, i) => {
    const dx = IN.x + 30 + (i % 8) * 64;
    const dy = IN.y + 30 + Math.floor(i / 8) * 110 + (i % 2) * 6;
    return rect(dx, dy, 44, 26, { rx: 3, fill: rnd() > 0.2 ? C.brassSoft : C.mist, stroke: C.brass });
  }).join('');
  const walls = Array.from({ length: n - 1 }, (_, i) => line(IN.x + ((i + 1) * IN.w) / n - 40, IN.y, IN.x + ((i + 1) * IN.w) / n - 40, IN.y + IN.h, { stroke: C.night, 'stroke-width': 3 })).join('');
  return desks + walls;
}

function rooftop(rnd: () => number): string {
  const lounge = rect(IN.x, IN.y, 300, IN.h, { fill: C.brassSoft, stroke: C.night, 'stroke-width': 2 });
  const deck = Array.from({ length: 18 }, (_, i) => line(IN.x + 320, IN.y + 10 + i * 21, IN.x + IN.w - 10, IN.y + 10 + i * 21, { stroke: C.line })).join('');
  const planters = Array.from({ length: 7 }, (_, i) => circle(IN.x + 360 + i * 50, IN.y + 30 + rnd() * 320, 14, { fill: C.park, stroke: C.muted })).join('');
  return lounge + deck + planters;
}

/** One floor plan: outer wall, the shared core and a layout chosen by the floor's kind and unit count. */
export function drawFloorPlan(spec: PlanSpec): string {
  const rnd = seeded(spec.id);
  const inner = {
    parking: () => parking(rnd),
    retail: () => retail(spec.units, rnd),
    dining: () => dining(spec.units, rnd),
    medical: () => corridor(spec.units, rnd),
    education: () => corridor(spec.units, rnd),
    office: () => office(spec.units, rnd),
    open: () => office(1, rnd),
    rooftop: () => rooftop(rnd),
  }[spec.kind]();
  const coreY = spec.kind === 'parking' ? IN.y + 120 : IN.y + 160 - (spec.kind === 'retail' ? 150 : 30);
  const body =
    rect(0, 0, W, H, { fill: C.mist }) +
    rect(IN.x - 10, IN.y - 10, IN.w + 20, IN.h + 20, { rx: 6, fill: C.paper, stroke: C.night, 'stroke-width': 8 }) +
    inner +
    core(IN.x + 10, coreY) +
    path(`M${W - 50} 30l12 28h-24z`, { fill: C.brass }) + line(W - 38, 58, W - 38, 80, { stroke: C.brass, 'stroke-width': 3 });
  return svg(W, H, body);
}
