/**
 * Draws the site's SVG illustrations from the content data: floor plans and building-location diagrams
 * from content/floors/data.json (the plans) and ko.json (which image file each one is), business examples,
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
}
interface Picture {
  file: string;
}
interface FloorSectionImages {
  id: string;
  planImage: Picture;
  locationImage?: Picture;
  exampleImages: Picture[];
}

/** Writes a drawing to the image file a content file names ('/src/assets/illustrations/floors/plan-b2.svg'). */
function write(name: string, content: string): void {
  if (!name.startsWith('/src/assets/illustrations/') || !name.endsWith('.svg')) throw new Error(`${name}: a drawing must be an .svg in /src/assets/illustrations/`);
  const file = join(ROOT, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const floors = readJson('content/floors/data.json') as { sections: FloorSection[] };
// Image files are entered once for all languages; the Korean file is the reference.
const floorImages = readJson('content/floors/ko.json') as { layoutImage: Picture; sections: FloorSectionImages[] };
const directions = readJson('content/directions/ko.json') as {
  mapImage: Picture;
  locationImage: Picture;
  features: { image: Picture }[];
};

/** An example or feature image is drawn from the last segment of its name (its glyph). */
const glyphOf = (file: string) => file.split('/').pop()!.replace(/\.svg$/, '');

for (const section of floors.sections) {
  const images = floorImages.sections.find((s) => s.id === section.id);
  if (!images) throw new Error(`content/floors/ko.json: no section ${section.id}`);
  write(images.planImage.file, drawFloorPlan({ id: section.id, ...section.plan }));
  if (images.locationImage) write(images.locationImage.file, drawLocation(section.levels));
  for (const example of images.exampleImages) write(example.file, drawExample(glyphOf(example.file)));
}
write(floorImages.layoutImage.file, drawLayout(floors.sections.map((s, i) => ({ levels: s.levels, tone: i }))));
write(directions.mapImage.file, drawMap());
write(directions.locationImage.file, drawLocationScene());
for (const { image } of directions.features) write(image.file, drawFeature(glyphOf(image.file).replace('feature-', '')));

console.log(`Illustrations written to ${OUT}`);
