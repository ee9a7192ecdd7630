import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { flatten, type Dictionary } from '../i18n/translate.ts';

/** The dictionaries of every language by namespace: content/i18n/<locale>/<namespace>.json, parsed. */
export type DictionaryFiles = Record<Locale, Record<string, Dictionary>>;

export interface DictionaryProblem {
  file: string;
  key: string;
  message: string;
}

const fileOf = (locale: Locale, namespace: string) => `content/i18n/${locale}/${namespace}.json`;

/**
 * Keys a language lacks or has beyond the Korean dictionaries (a missing key would show the key itself
 * on the page, e.g. "nav.directions"), each named with its file.
 */
export function dictionaryKeyProblems(files: DictionaryFiles): DictionaryProblem[] {
  const problems: DictionaryProblem[] = [];
  const reference = files[DEFAULT_LOCALE];
  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    for (const namespace of new Set([...Object.keys(reference), ...Object.keys(files[locale])])) {
      const file = fileOf(locale, namespace);
      const ko = reference[namespace];
      const own = files[locale][namespace];
      if (!ko) {
        problems.push({ file, key: namespace, message: `has no Korean counterpart ${fileOf(DEFAULT_LOCALE, namespace)}` });
        continue;
      }
      if (!own) {
        problems.push({ file, key: namespace, message: 'is missing' });
        continue;
      }
      const theirs = flatten(own);
      const ours = flatten(ko);
      for (const key of Object.keys(ours)) if (!(key in theirs)) problems.push({ file, key, message: `is missing (${fileOf(DEFAULT_LOCALE, namespace)} has it)` });
      for (const key of Object.keys(theirs)) if (!(key in ours)) problems.push({ file, key, message: `is not in ${fileOf(DEFAULT_LOCALE, namespace)}` });
    }
  }
  return problems;
}

/** A t() call with a literal dotted key; keys built at run time (a template with `${…}`) cannot be checked here. */
const LITERAL_KEY_CALL = /(?<![\w$.])t\(\s*(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;

/**
 * Literal keys passed to t() in source files that no Korean dictionary defines, each named with the file
 * and line of the call.
 */
export function usedKeyProblems(sources: readonly { file: string; text: string }[], files: DictionaryFiles): DictionaryProblem[] {
  const known = new Set(Object.keys(flatten(files[DEFAULT_LOCALE])));
  const problems: DictionaryProblem[] = [];
  for (const { file, text } of sources) {
    for (const match of text.matchAll(LITERAL_KEY_CALL)) {
      const key = match[2]!;
      if (known.has(key)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      const namespace = key.split('.')[0]!;
      problems.push({ file: `${file}:${line}`, key, message: `is used by t() but ${fileOf(DEFAULT_LOCALE, namespace)} does not define it` });
    }
  }
  return problems;
}

/** The problems as one message, one per line, for a failed build. */
export function describeProblems(problems: readonly DictionaryProblem[]): string {
  return problems.map((p) => `${p.file}: "${p.key}" ${p.message}`).join('\n');
}
