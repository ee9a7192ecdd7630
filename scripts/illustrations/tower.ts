import { C, group, line, path, rect, svg } from './svg.ts';

/** Levels from the top down: 14F … 1F, then B1, B2. */
const LEVELS = [...Array.from({ length: 14 }, (_, i) => 14 - i), -1, -2];
const FLOOR_H = 26;

function floorY(level: number): number {
  const index = LEVELS.indexOf(level);
  return 40 + index * FLOOR_H + (level < 0 ? 16 : 0);
}

/** Tower section: every level as a slab, ground line between 1F and B1; `fill` colours each level. */
function tower(x: number, width: number, fill: (level: number) => string): string {
  const slabs = LEVELS.map((level) =>
    rect(x, floorY(level), width, FLOOR_H - 4, { rx: 2, fill: fill(level), stroke: C.night, 'stroke-width': 1.5 }),
  ).join('');
  const groundY = floorY(1) + FLOOR_H + 4;
  const ground = line(x - 60, groundY, x + width + 60, groundY, { stroke: C.night, 'stroke-width': 3 }) +
    rect(x - 60, groundY + 2, width + 120, 64, { fill: '#e7e5e4', opacity: 0.6 });
  const crown = path(`M${x} ${floorY(14) - 6}h${width}l-16 -18h${-(width - 32)}z`, { fill: C.night });
  return ground + slabs + crown;
}

/** The tower with the levels of one floor section highlighted (the "building location" picture). */
export function drawLocation(levels: [number, number]): string {
  const [from, to] = levels;
  const hit = (level: number) => level >= Math.min(from, to) && level <= Math.max(from, to);
  const body =
    rect(0, 0, 320, 520, { fill: C.mist }) +
    tower(80, 160, (level) => (hit(level) ? C.brass : level < 0 ? C.line : C.paper)) +
    group(
      LEVELS.filter(hit).map((level) => path(`M262 ${floorY(level) + 11}l14 -8v16z`, { fill: C.brass })).join(''),
    );
  return svg(320, 520, body);
}

/** Zones of the whole building for the overview picture, matched by level ranges. */
export function drawLayout(zones: { levels: [number, number]; tone: number }[]): string {
  const tones = [C.line, C.brassMid, C.brass, C.brassSoft, '#dbe4f0', '#a7b8d3', C.slate, C.night];
  const toneOf = (level: number) => {
    const zone = [...zones].reverse().find((z) => level >= z.levels[0] && level <= z.levels[1]);
    return tones[(zone?.tone ?? 0) % tones.length]!;
  };
  return svg(640, 520, rect(0, 0, 640, 520, { fill: C.mist }) + tower(170, 300, toneOf));
}
