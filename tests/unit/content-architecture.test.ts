import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { ArchitectureTextSchema, PERSPECTIVES } from '~/content/schemas/architecture';
import { illustration } from '~/content/illustrations';
import { LOCALES } from '~/i18n/locales';
import ko from '../../content/architecture/ko.json';
import en from '../../content/architecture/en.json';
import zh from '../../content/architecture/zh.json';
import ja from '../../content/architecture/ja.json';

const texts = { ko, en, zh, ja };

describe('architecture content', () => {
  it.each(LOCALES)('content/architecture/%s.json is complete, its four perspectives and poster naming images that exist', (locale) => {
    const parsed = parseContent(`content/architecture/${locale}.json`, ArchitectureTextSchema, texts[locale]);
    const files = [...PERSPECTIVES.map((key) => parsed.perspectives[key].image.file), parsed.interiorVideo.poster.file];
    for (const file of files) expect(() => illustration(file)).not.toThrow();
  });

  it('rejects a missing perspective and an image without its extension, naming file and field', () => {
    const broken = structuredClone(en) as Record<string, any>;
    delete broken.perspectives.lobby;
    broken.perspectives.office.image.file = '/src/assets/illustrations/interior/office';
    let message = '';
    try {
      parseContent('content/architecture/en.json', ArchitectureTextSchema, broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/content\/architecture\/en\.json: .*perspectives\.lobby/);
    expect(message).toContain('perspectives.office.image.file: must be an image in /src/assets/illustrations/ named with its extension');
  });
});
