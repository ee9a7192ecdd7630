import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { AboutTextSchema } from '~/content/schemas/about';
import { illustration } from '~/content/illustrations';
import { loadLocalized } from '~/content/load';
import { LOCALES, LOCALE_TAGS } from '~/i18n/locales';
import { completionMonthText, completionPhase } from '~/content/completion';
import ko from '../../content/about/ko.json';
import en from '../../content/about/en.json';
import zh from '../../content/about/zh.json';
import ja from '../../content/about/ja.json';

const texts = { ko, en, zh, ja };

describe('about content', () => {
  it.each(LOCALES)('content/about/%s.json is complete', (locale) => {
    const text = parseContent(`content/about/${locale}.json`, AboutTextSchema, texts[locale]);
    expect(text.summary.specs).toHaveLength(5);
    expect(text.parking.info).toHaveLength(5);
  });

  it('every language has the same number of feature cards and list items', () => {
    const shape = (t: typeof ko) => [t.features.cards.length, t.ledWall.features.length, t.market.hospital.items.length, t.market.retail.items.length];
    for (const locale of LOCALES) expect(shape(texts[locale])).toEqual(shape(ko));
  });

  it.each(LOCALES)('names in %s only images that exist, each with its alt text beside it', (locale) => {
    const about = loadLocalized('about', locale, AboutTextSchema);
    const pictures = [about.summary.image, ...about.features.completion, ...Object.values(about.parking.gallery), about.ledWall.poster, about.videos.preview.poster];
    for (const { file, alt } of pictures) {
      expect(() => illustration(file)).not.toThrow();
      expect(alt.trim()).not.toBe('');
    }
  });

  it('rejects a missing spec line and an empty alt text, naming file and field', () => {
    const broken = structuredClone(en) as Record<string, any>;
    broken.summary.specs.pop();
    broken.features.completion[2].alt = ' ';
    let message = '';
    try {
      parseContent('content/about/en.json', AboutTextSchema, broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('content/about/en.json');
    expect(message).toContain('summary.specs: must list exactly 5 spec lines');
    expect(message).toContain('features.completion.2.alt: must not be empty');
  });

  it('speaks of completion in the future until building.json\'s month has ended, then in the present, in each language', () => {
    expect(completionPhase('2026-04', '2026-04-30')).toBe('before');
    expect(completionPhase('2026-04', '2026-05-01')).toBe('after');
    expect(completionPhase('2026-12', '2026-12-31')).toBe('before');
    expect(completionPhase('2026-12', '2027-01-01')).toBe('after');
    expect(LOCALES.map((locale) => completionMonthText('2026-04', LOCALE_TAGS[locale]))).toEqual(['2026년 4월', 'April 2026', '2026年4月', '2026年4月']);
    for (const locale of LOCALES) {
      const { summary, features, videos } = texts[locale];
      for (const text of [summary.completionLabel, features.subtitle, videos.text]) expect(text.after, locale).not.toBe(text.before);
    }
    // The Korean "after" texts no longer promise what is done: no 예정 ("expected"), no 미리 ("ahead of time").
    expect(`${ko.summary.completionLabel.after} ${ko.features.subtitle.after} ${ko.videos.text.after}`).not.toMatch(/예정|미리|먼저/);
  });
});
