/**
 * Draws the site's SVG illustrations from the content data (there is no photography):
 * floor plans and building-location diagrams from content/floors/data.json, business examples,
 * the static map, the neighbourhood picture and the location features of the directions page.
 * Run after changing those files: `npx node scripts/draw-illustrations.ts`; the output is committed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { drawFloorPlan, type PlanSpec } from './illustrations/floor-plans.ts';
import { drawLayout, drawLocation } from './illustrations/tower.ts';
import { drawExample, drawFeature, drawLocationScene, drawMap } from './illustrations/scenes.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'src/assets/illustrations');

interface FloorSection {
  id: string;
  levels: [number, number];
  plan: Omit<PlanSpec, 'id'>;
  planImage: string;
  locationImage?: string;
  exampleImages: string[];
}

function write(name: string, content: string): void {
  const file = join(OUT, `${name}.svg`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const floors = readJson('content/floors/data.json') as { layoutImage: string; sections: FloorSection[] };
const directions = readJson('content/directions/data.json') as {
  mapImage: string;
  locationImage: string;
  featureImages: string[];
};

/** An example or feature image is drawn from the last segment of its name (its glyph). */
const glyphOf = (name: string) => name.split('/').pop()!;

for (const section of floors.sections) {
  write(section.planImage, drawFloorPlan({ id: section.id, ...section.plan }));
  if (section.locationImage) write(section.locationImage, drawLocation(section.levels));
  for (const example of section.exampleImages) write(example, drawExample(glyphOf(example)));
}
write(floors.layoutImage, drawLayout(floors.sections.map((s, i) => ({ levels: s.levels, tone: i }))));
write(directions.mapImage, drawMap());
write(directions.locationImage, drawLocationScene());
for (const feature of directions.featureImages) write(feature, drawFeature(glyphOf(feature).replace('feature-', '')));

console.log(`Illustrations written to ${OUT}`);
