import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { ArchitectureDataSchema, ArchitectureTextSchema } from '~/content/schemas/architecture';
import { illustration } from '~/content/illustrations';
import { LOCALES } from '~/i18n/locales';
import data from '../../content/architecture/data.json';
import ko from '../../content/architecture/ko.json';
import en from '../../content/architecture/en.json';
import zh from '../../content/architecture/zh.json';
import ja from '../../content/architecture/ja.json';

const texts = { ko, en, zh, ja };

describe('architecture content', () => {
  it.each(LOCALES)('content/architecture/%s.json is complete', (locale) => {
    expect(() => parseContent(`content/architecture/${locale}.json`, ArchitectureTextSchema, texts[locale])).not.toThrow();
  });

  it('names four perspective illustrations that exist', () => {
    const parsed = parseContent('content/architecture/data.json', ArchitectureDataSchema, data);
    expect(Object.keys(parsed.perspectives)).toEqual(['exterior', 'interior', 'lobby', 'office']);
    for (const name of [...Object.values(parsed.perspectives), parsed.interiorPoster]) expect(() => illustration(name)).not.toThrow();
  });

  it('rejects a missing perspective, naming file and field', () => {
    const broken = structuredClone(data) as Record<string, any>;
    delete broken.perspectives.lobby;
    expect(() => parseContent('content/architecture/data.json', ArchitectureDataSchema, broken)).toThrow(
      /content\/architecture\/data\.json: perspectives\.lobby/,
    );
  });
});
