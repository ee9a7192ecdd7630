import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { contentErrorOf } from '../support/content-error.ts';
import { joinFloors, loadFloors } from '~/content/floors';
import { FLOOR_SECTION_IDS, FloorsDataSchema, FloorsTextSchema } from '~/content/schemas/floors';
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
      for (const section of floors.sections) expect(section.exampleAlts).toHaveLength(section.exampleImages.length);
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
    const onB2 = clone(data) as Record<string, any>;
    onB2.sections[0].exampleImages = ['floors/examples/cafe'];
    expect(errorOf('content/floors/data.json', FloorsDataSchema, onB2)).toContain('b2 has no example images');
    const four = clone(data) as Record<string, any>;
    four.sections[1].exampleImages.push('floors/examples/cafe');
    expect(errorOf('content/floors/data.json', FloorsDataSchema, four)).toContain('sections.1.exampleImages');
  });

  it('rejects a language file missing a section field or an overview key', () => {
    const broken = clone(en) as Record<string, any>;
    delete broken.sections['12f-13f'].highlights;
    delete broken.overview['9F-12F'];
    const message = errorOf('content/floors/en.json', FloorsTextSchema, broken);
    expect(message).toContain('content/floors/en.json');
    expect(message).toContain('sections.12f-13f.highlights');
    expect(message).toContain('overview.9F-12F');
  });

  it('fails when a language misses the alt text of an image, naming the file and field', () => {
    const facts = parseContent('content/floors/data.json', FloorsDataSchema, data);
    const words = parseContent('content/floors/en.json', FloorsTextSchema, en);
    words.sections['1f'].exampleAlts.pop();
    expect(() => joinFloors('content/floors/en.json', facts, words)).toThrow(/content\/floors\/en\.json: sections\.1f\.exampleAlts/);
    const noLocationAlt = parseContent('content/floors/en.json', FloorsTextSchema, en);
    delete noLocationAlt.sections['2f'].locationAlt;
    expect(() => joinFloors('content/floors/en.json', facts, noLocationAlt)).toThrow(/sections\.2f\.locationAlt/);
  });
});
