import * as v from 'valibot';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { createTranslator, flatten, pickMessages, type Dictionary, type Messages } from '../i18n/translate.ts';
import { parseJsonFile } from './json-file.ts';
import { parseContent } from './validate.ts';

/**
 * UI dictionaries live in content/i18n/{locale}/{namespace}.json. The file name is the first part of
 * every key it holds: content/i18n/ko/nav.json's "home" is `nav.home`.
 */
const files = import.meta.glob<string>('/content/i18n/*/*.json', { eager: true, query: '?raw', import: 'default' });

const DictionarySchema: v.GenericSchema<Dictionary> = v.record(
  v.string(),
  v.union([v.string(), v.lazy(() => DictionarySchema)]),
);

function loadLocale(locale: Locale): Messages {
  const dictionary: Dictionary = {};
  for (const [path, text] of Object.entries(files)) {
    const match = path.match(/\/content\/i18n\/([^/]+)\/([^/]+)\.json$/);
    if (!match || match[1] !== locale) continue;
    const file = path.slice(1);
    dictionary[match[2]!] = parseContent(file, DictionarySchema, parseJsonFile(file, text));
  }
  return flatten(dictionary);
}

const messagesByLocale = Object.fromEntries(LOCALES.map((l) => [l, loadLocale(l)])) as Record<Locale, Messages>;

export function messagesFor(locale: Locale): Messages {
  return messagesByLocale[locale];
}

/** `t()` for a locale. @example useTranslations('en')('nav.home') // 'Home' */
export function useTranslations(locale: Locale) {
  return createTranslator(messagesByLocale[locale]);
}

/** The strings an island needs, flattened, for its props. */
export function islandMessages(locale: Locale, namespaces: readonly string[]): Messages {
  return pickMessages(messagesByLocale[locale], namespaces);
}
