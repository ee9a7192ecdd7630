import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../src/content/dictionaries.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { LOCALE_TAGS, LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { accessTargetText } from '../../src/shared/access.ts';
import { RAW_CODES } from '../support/raw-codes.ts';

/** The admin page's dictionaries, as the island gets them (the list admin.astro hands the panel). */
const NAMESPACES = JSON.parse(/islandMessages\(locale, (\[[^\]]+\])\)/.exec(readFileSync('src/pages/[...locale]/admin.astro', 'utf8'))![1]!.replaceAll("'", '"')) as string[];
const translator = (lang: Locale) => createTranslator(islandMessages(lang, NAMESPACES));

/**
 * The access log names what a read concerned besides inquiries in words (issue 38's fourth walk: a privacy request's
 * read showed "요청 0b6c2f1e-…", a raw id as its only label): a request by its kind and the day it was confirmed, a
 * proposal by its version — in each of the four languages, never an id, a key or a code.
 */
describe('an access record’s target in words', () => {
  const request = { kind: 'privacy_request', requestKind: 'access', confirmedAt: '2026-12-01T01:00:00.000Z' } as const;
  const expected: Record<Locale, [string, string]> = {
    ko: ['요청 ‘내 개인정보 열람’ · 2026. 12. 1. 확인', '제안 v2'],
    en: ['Request “See what is held about me” · confirmed Dec 1, 2026', 'Proposal v2'],
    zh: ['请求“', '提案 v2'],
    ja: ['請求「', '提案 v2'],
  };
  it.each(LOCALES)('%s: a privacy request by its kind and day, a proposal by its version', (lang) => {
    const t = translator(lang);
    const words = [accessTargetText(request, t, LOCALE_TAGS[lang]), accessTargetText({ kind: 'proposal', version: 2 }, t, LOCALE_TAGS[lang])];
    expect(words[0]).toContain(expected[lang][0]);
    expect(words[1]).toBe(expected[lang][1]);
    expect(words[0]).toContain(t('privacyRequests.kinds.access'));
    for (const text of words) {
      expect(text).not.toMatch(RAW_CODES);
      expect(text).not.toMatch(/[{}]|access\.|privacyRequests\./);
    }
    // Not confirmed yet: its kind alone.
    expect(accessTargetText({ ...request, confirmedAt: null }, t, LOCALE_TAGS[lang])).not.toMatch(/\d/);
  });
});
