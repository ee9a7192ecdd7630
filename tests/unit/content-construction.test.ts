import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { ConstructionDataSchema, ConstructionTextSchema, PERIODS } from '~/content/schemas/construction';
import { constructionPeriods } from '~/content/construction';
import { LOCALES } from '~/i18n/locales';
import ko from '../../content/construction/ko.json';

describe('construction content', () => {
  it.each(LOCALES)('gives every period a title, status and described photos in %s', (locale) => {
    const periods = constructionPeriods(locale);
    expect(periods.map((p) => p.key)).toEqual([...PERIODS]);
    for (const period of periods) {
      expect(period.photos.length).toBeGreaterThan(1);
      for (const photo of period.photos) expect(photo.alt.trim()).not.toBe('');
    }
  });

  it('rejects a missing period and a status that is not text, naming file and field', () => {
    const broken = structuredClone(ko) as Record<string, any>;
    delete broken['2025h2'];
    broken['2024h1'].status = 3;
    let message = '';
    try {
      parseContent('content/construction/ko.json', ConstructionTextSchema, broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('content/construction/ko.json');
    expect(message).toContain('2024h1.status');
    expect(message).toContain('2025h2');
  });

  it('rejects a photo name that is not an illustration path', () => {
    const broken = { ...Object.fromEntries(PERIODS.map((p) => [p, { photos: ['construction/a'] }])), '2024h2': { photos: ['Photo 1.JPG'] } };
    expect(() => parseContent('content/construction/data.json', ConstructionDataSchema, broken)).toThrow(/2024h2\.photos\.0: must be an illustration name/);
  });
});
