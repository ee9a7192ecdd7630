import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { contentErrorOf } from '../support/content-error.ts';
import { joinFloors, loadFloors } from '~/content/floors';
import { FLOOR_SECTION_IDS, FloorsDataSchema, FloorsTextSchema, type FloorsData } from '~/content/schemas/floors';
import { LOCALES } from '~/i18n/locales';
import data from '../../content/floors/data.json';
import en from '../../content/floors/en.json';

const clone = <T>(value: T): T => structuredClone(value);

const errorOf = contentErrorOf;

describe('floors content', () => {
  it('loads in every language with the nine sections in page order', () => {
    for (const locale of LOCALES) {
      const floors = loadFloors(locale);
      expect(floors.sections.map((s) => s.id)).toEqual([...FLOOR_SECTION_IDS]);
      expect(floors.sections[0]!.exampleImages).toEqual([]);
      for (const section of floors.sections) for (const example of section.exampleImages) expect(example.alt.trim()).not.toBe('');
    }
  });

  it('rejects a data file with a mistyped area, naming the file and field', () => {
    const broken = clone(data) as Record<string, any>;
    broken.sections[3].areaPyeong = '184.6평';
    const message = errorOf('content/floors/data.json', FloorsDataSchema, broken);
    expect(message).toContain('content/floors/data.json');
    expect(message).toContain('sections.3.areaPyeong');
  });

  it('rejects example images on b2 and more than three on any floor', () => {
    const cafe = { file: '/src/assets/illustrations/floors/examples/cafe.svg', alt: 'A café' };
    const onB2 = clone(en) as Record<string, any>;
    onB2.sections[0].exampleImages = [cafe];
    expect(errorOf('content/floors/en.json', FloorsTextSchema, onB2)).toContain('b2 has no example images');
    const four = clone(en) as Record<string, any>;
    four.sections[1].exampleImages.push(cafe);
    expect(errorOf('content/floors/en.json', FloorsTextSchema, four)).toContain('sections.1.exampleImages');
  });

  it('rejects a language file missing a section field, an overview row or an image’s alt text', () => {
    const broken = clone(en) as Record<string, any>;
    delete broken.sections[7].highlights;
    broken.overview.splice(5, 1);
    broken.sections[3].exampleImages[0].alt = '';
    const message = errorOf('content/floors/en.json', FloorsTextSchema, broken);
    expect(message).toContain('content/floors/en.json');
    expect(message).toContain('sections.7.highlights');
    expect(message).toContain('overview: must list 8 items');
    expect(message).toContain('sections.3.exampleImages.0.alt: must not be empty');
  });

  it('rejects sections in another order than the page’s', () => {
    const swapped = clone(en) as Record<string, any>;
    [swapped.sections[2], swapped.sections[3]] = [swapped.sections[3], swapped.sections[2]];
    expect(errorOf('content/floors/en.json', FloorsTextSchema, swapped)).toContain('sections: must list the items in this order: b2, b1-1f, 1f, 2f');
  });

  it('fails when the facts and the words disagree on a section, naming the file and field', () => {
    const facts = parseContent('content/floors/data.json', FloorsDataSchema, data);
    const words = parseContent('content/floors/en.json', FloorsTextSchema, en);
    facts.sections[4] = { ...facts.sections[4]!, id: '4f-10f' };
    expect(() => joinFloors('content/floors/en.json', facts, words)).toThrow(/content\/floors\/en\.json: sections\.4\.id: must be "4f-10f"/);
  });
});

/** Every level a [from, to] range covers (there is no level 0). */
const levelsOf = ([from, to]: readonly [number, number]) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((level) => level !== 0);

/** Where the floor overview and the floor sections disagree about what a level is used for. */
function disagreements(facts: FloorsData): string[] {
  const problems: string[] = [];
  const sectionUses = (level: number) => facts.sections.filter((s) => levelsOf(s.levels).includes(level)).map((s) => s.use);
  for (const row of facts.overview) {
    for (const level of levelsOf(row.levels)) {
      const uses = sectionUses(level);
      if (!uses.includes(row.use)) problems.push(`overview ${row.id} says level ${level} is ${row.use}, the sections say ${uses.join('/') || 'nothing'}`);
    }
  }
  for (const section of facts.sections) {
    if (section.use === 'parking') continue; // the overview lists the floors a tenant can lease
    for (const level of levelsOf(section.levels)) {
      if (!facts.overview.some((row) => levelsOf(row.levels).includes(level))) problems.push(`section ${section.id}: level ${level} is missing from the overview`);
    }
  }
  return problems;
}

describe('floors overview and sections', () => {
  const facts = parseContent('content/floors/data.json', FloorsDataSchema, data);

  it('say the same about the use of every level', () => {
    expect(disagreements(facts)).toEqual([]);
  });

  it('would catch the old overview (4F-8F medical, 9F-12F education, 13F office)', () => {
    const old = structuredClone(facts);
    old.overview[4] = { id: '4F-10F', levels: [4, 10], use: 'medical' };
    old.overview[5] = { id: '11F', levels: [9, 12], use: 'education' } as FloorsData['overview'][number];
    expect(disagreements(old)).toContain('overview 11F says level 9 is education, the sections say medical');
    const gap = structuredClone(facts);
    gap.overview[6] = { id: '12F-13F', levels: [13, 13], use: 'office' } as FloorsData['overview'][number];
    expect(disagreements(gap)).toContain('section 12f-13f: level 12 is missing from the overview');
  });

  it('rejects an overview id that does not name its levels', () => {
    const broken = clone(data) as Record<string, any>;
    broken.overview[4].levels = [4, 8];
    expect(errorOf('content/floors/data.json', FloorsDataSchema, broken)).toContain('overview.4.id');
  });

  it('gives a row and the section of the same levels the same name and use in every language', () => {
    for (const locale of LOCALES) {
      const { text } = loadFloors(locale);
      for (const row of facts.overview) {
        const section = facts.sections.find((s) => s.levels[0] === row.levels[0] && s.levels[1] === row.levels[1]);
        if (!section) continue;
        const words = text.sections.find((s) => s.id === section.id)!;
        const overview = text.overview.find((o) => o.id === row.id)!;
        expect({ locale, row: row.id, name: overview.name, type: overview.type }).toEqual({
          locale,
          row: row.id,
          name: words.name,
          type: words.businessType,
        });
      }
    }
  });

  it('shows every section with its position in the building', () => {
    for (const section of loadFloors('ko').sections) expect(section.locationImage?.file, section.id).toBe(`/src/assets/illustrations/floors/location-${section.id}.svg`);
  });
});
