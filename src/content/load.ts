import type * as v from 'valibot';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import { CONTENT_KINDS, jsonSchemaOf } from './json-schemas.ts';
import { parseJsonFile } from './json-file.ts';
import { sharedValueMismatches } from './same-in-every-language.ts';
import { ContentError, parseContent } from './validate.ts';

/**
 * Every JSON file editors keep under content/ (dictionaries are loaded by src/content/dictionaries.ts), as
 * text: we parse it ourselves so a syntax error names the file, line and column.
 */
const files = import.meta.glob<string>(['/content/**/*.json', '!/content/i18n/**', '!/content/.schemas/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const parsed = new Map<string, unknown>();

function read(file: string): unknown {
  if (parsed.has(file)) return parsed.get(file);
  const text = files[`/${file}`];
  if (text === undefined) throw new Error(`${file}: file is missing`);
  const data = parseJsonFile(file, text);
  parsed.set(file, data);
  return data;
}

/**
 * Reads and validates a language-independent content file (facts, numbers).
 * @example loadContent('content/building.json', BuildingSchema)
 */
export function loadContent<TSchema extends v.GenericSchema>(file: string, schema: TSchema): v.InferOutput<TSchema> {
  return parseContent(file, schema, read(file));
}

const agreed = new Set<string>();

/** Fails, naming the file and field, when a language's file differs from the Korean one on a shared value. */
function checkSharedValues(area: string, locale: Locale, data: unknown): void {
  const file = `content/${area}/${locale}.json`;
  if (locale === DEFAULT_LOCALE || agreed.has(file)) return;
  const kind = CONTENT_KINDS.find((k) => k.area === area);
  if (!kind) return;
  const referenceFile = `content/${area}/${DEFAULT_LOCALE}.json`;
  const mismatches = sharedValueMismatches(jsonSchemaOf(kind), read(referenceFile), data, referenceFile);
  if (mismatches.length > 0) throw new ContentError(file, mismatches);
  agreed.add(file);
}

/**
 * Reads and validates the text of one area in one language, content/{area}/{locale}.json, and checks that
 * what is entered once for every language (ids, images) matches the Korean file.
 * @example loadLocalized('floors', 'en', FloorsTextSchema)
 */
export function loadLocalized<TSchema extends v.GenericSchema>(
  area: string,
  locale: Locale,
  schema: TSchema,
): v.InferOutput<TSchema> {
  const file = `content/${area}/${locale}.json`;
  const data = read(file);
  const parsed = parseContent(file, schema, data);
  checkSharedValues(area, locale, data);
  return parsed;
}
