import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { ConstructionTextSchema } from '~/content/schemas/construction';
import { constructionPeriods } from '~/content/construction';
import { LOCALES } from '~/i18n/locales';
import ko from '../../content/construction/ko.json';

const errorOf = (value: unknown) => {
  try {
    parseContent('content/construction/ko.json', ConstructionTextSchema, value);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('construction content', () => {
  it.each(LOCALES)('gives every half-year in %s a title, status and described photos, in the order the file lists them', (locale) => {
    const periods = constructionPeriods(locale);
    expect(periods.map((p) => p.key)).toEqual(ko.periods.map((p) => p.id));
    expect(periods.length).toBeGreaterThanOrEqual(4);
    for (const period of periods) {
      expect(period.photos.length).toBeGreaterThan(1);
      for (const photo of period.photos) expect(photo.alt.trim()).not.toBe('');
    }
  });

  it('takes a new half-year as a new list item, with a JPEG photo, without any code knowing the period', () => {
    const next = structuredClone(ko);
    next.periods.push({ id: '2026h1', title: '2026년 상반기', status: '준공', photos: [{ file: 'construction/2026h1-1.jpg', alt: '준공된 건물' }] });
    expect(errorOf(next)).toBe('');
  });

  it('rejects a status that is not text, a half-year listed twice and a period id that is not a half-year, naming file and field', () => {
    const broken = structuredClone(ko) as Record<string, any>;
    broken.periods[0].status = 3;
    const twice = structuredClone(ko);
    twice.periods.push(structuredClone(twice.periods[1]!));
    const notHalfYear = structuredClone(ko);
    notHalfYear.periods[2]!.id = '2025q1';
    expect(errorOf(broken)).toMatch(/content\/construction\/ko\.json: .*periods\.0\.status/);
    expect(errorOf(twice)).toContain('periods: each half-year may be listed only once');
    expect(errorOf(notHalfYear)).toContain('periods.2.id: must name a half-year');
  });

  it('rejects a photo that is not an image file path', () => {
    const broken = structuredClone(ko);
    broken.periods[1]!.photos[0]!.file = 'Photo 1';
    expect(errorOf(broken)).toContain('periods.1.photos.0.file: must be an image under src/assets/illustrations/');
  });
});
