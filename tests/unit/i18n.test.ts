import { describe, expect, it } from 'vitest';
import { createTranslator, flatten, pickMessages } from '~/i18n/translate';
import { messagesFor, useTranslations } from '~/content/dictionaries';
import { DEFAULT_LOCALE, LOCALES, localizePath, splitLocale } from '~/i18n/locales';

describe('t()', () => {
  const t = createTranslator(flatten({ nav: { home: '홈' }, hero: { deep: { line: 'Hello {name}' } } }));

  it('returns the text of a found key', () => {
    expect(t('nav.home')).toBe('홈');
  });

  it('resolves nested keys and fills placeholders', () => {
    expect(t('hero.deep.line', { name: 'B TOWER' })).toBe('Hello B TOWER');
  });

  it('returns the key itself when nothing is found', () => {
    expect(t('nav.nowhere')).toBe('nav.nowhere');
    expect(t('hero')).toBe('hero');
  });

  it('keeps only the asked namespaces for an island', () => {
    const messages = flatten({ nav: { home: 'a' }, navigation: { x: 'b' }, footer: { y: 'c' } });
    expect(pickMessages(messages, ['nav'])).toEqual({ 'nav.home': 'a' });
  });
});

describe('dictionaries', () => {
  it('give every key the spec names in every language', () => {
    const required = ['nav.home', 'footer.address', 'hero.subtitle', 'building.title', 'contact.title', 'footer.inquiry', 'footer.copyright'];
    for (const locale of LOCALES) {
      const t = useTranslations(locale);
      for (const key of required) expect(t(key), `${locale}: ${key}`).not.toBe(key);
    }
  });

  it('have exactly the same keys in ko, en, zh and ja', () => {
    const reference = Object.keys(messagesFor(DEFAULT_LOCALE)).sort();
    for (const locale of LOCALES) {
      const keys = Object.keys(messagesFor(locale)).sort();
      const missing = reference.filter((k) => !keys.includes(k));
      const extra = keys.filter((k) => !reference.includes(k));
      expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
    }
  });

  it('have no empty texts', () => {
    for (const locale of LOCALES) {
      const empty = Object.entries(messagesFor(locale)).filter(([, text]) => text.trim() === '');
      expect(empty, locale).toEqual([]);
    }
  });
});

describe('locale paths', () => {
  it('serves Korean at the root and the others under their prefix', () => {
    expect(localizePath('ko', '/floors')).toBe('/floors');
    expect(localizePath('en', '/floors')).toBe('/en/floors');
    expect(localizePath('ja', '/')).toBe('/ja/');
  });

  it('splits a path into locale and page', () => {
    expect(splitLocale('/zh/brands/')).toEqual({ locale: 'zh', path: '/brands' });
    expect(splitLocale('/about')).toEqual({ locale: 'ko', path: '/about' });
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
  });
});
