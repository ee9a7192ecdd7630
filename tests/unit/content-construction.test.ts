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

  it('takes a new half-year and its JPEG photo as two new list items, without any code knowing the period', () => {
    const next = structuredClone(ko);
    next.periods.push({ id: '2026h1', title: '2026년 상반기', status: '준공' });
    next.photos.push({ period: '2026h1', file: '/src/assets/illustrations/construction/2026h1-1.jpg', alt: '준공된 건물' });
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
    expect(errorOf(twice)).toContain('periods.4.id: 2024h2 is listed twice');
    expect(errorOf(notHalfYear)).toContain('periods.2.id: must name a half-year');
  });

  it('rejects a half-year without photos and a photo of a half-year that is not listed, naming the field', () => {
    const lonely = structuredClone(ko);
    lonely.periods.push({ id: '2026h1', title: '2026년 상반기', status: '준공' });
    expect(errorOf(lonely)).toContain('periods.4.id: 2026h1 has no photo: add one to photos');
    const stray = structuredClone(ko);
    stray.photos[3]!.period = '2023h2';
    expect(errorOf(stray)).toContain('photos.3.period: names 2023h2, which periods does not list');
  });

  it('rejects a photo that is not an image file path', () => {
    const broken = structuredClone(ko);
    broken.photos[6]!.file = 'Photo 1';
    expect(errorOf(broken)).toContain('photos.6.file: must be an image in /src/assets/illustrations/');
  });
});
