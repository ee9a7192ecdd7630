/**
 * Draws the building, interior, parking and construction illustrations of the home, about and
 * architecture pages (there is no photography). Run `npx node scripts/draw-building-illustrations.ts`
 * after changing a scene; the SVGs are committed and rasterised by astro:assets at build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { atrium, entrance, facade, lobby, office, parkingEv, parkingMechanical, parkingUnderground, rooftop } from './illustrations/building-scenes.ts';
import { constructionSite, type Stage } from './illustrations/construction-scenes.ts';

const OUT = new URL('../src/assets/illustrations/', import.meta.url).pathname;

function write(name: string, content: string): void {
  const file = join(OUT, `${name}.svg`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

write('building/facade-day', facade(false));
write('building/facade-night', facade(true));
write('building/completion-entrance', entrance());
write('building/completion-rooftop', rooftop());
write('interior/lobby-led', lobby());
write('interior/atrium', atrium());
write('interior/office', office());
write('parking/parking-underground', parkingUnderground());
write('parking/parking-mechanical', parkingMechanical());
write('parking/parking-ev', parkingEv());

// Five views per half-year, the drawings the first four half-years of content/construction/<lang>.json show.
const PERIOD_STAGES: Record<string, Stage[]> = {
  '2024h1': ['dig', 'dig', 'dig', 'dig', 'dig'],
  '2024h2': ['frame', 'frame', 'frame', 'frame', 'frame'],
  '2025h1': ['skin', 'skin', 'skin', 'skin', 'skin'],
  '2025h2': ['skin', 'skin', 'finish', 'finish', 'finish'],
};
for (const [period, stages] of Object.entries(PERIOD_STAGES)) {
  stages.forEach((stage, view) => write(`construction/${period}-${view + 1}`, constructionSite(stage, view)));
}
console.log('Drew the building, interior, parking and construction illustrations.');
