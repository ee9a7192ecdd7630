import type * as v from 'valibot';
import type { Locale } from '../i18n/locales.ts';
import { parseContent } from './validate.ts';

/** Every JSON file editors keep under content/ (dictionaries are loaded by src/i18n). */
const files = import.meta.glob<unknown>(['/content/**/*.json', '!/content/i18n/**'], {
  eager: true,
  import: 'default',
});

function read(file: string): unknown {
  const data = files[`/${file}`];
  if (data === undefined) throw new Error(`${file}: file is missing`);
  return data;
}

/**
 * Reads and validates a language-independent content file (facts, image names, numbers).
 * @example loadContent('content/building.json', BuildingSchema)
 */
export function loadContent<TSchema extends v.GenericSchema>(file: string, schema: TSchema): v.InferOutput<TSchema> {
  return parseContent(file, schema, read(file));
}

/**
 * Reads and validates the text of one area in one language: content/{area}/{locale}.json.
 * @example loadLocalized('floors', 'en', FloorsTextSchema)
 */
export function loadLocalized<TSchema extends v.GenericSchema>(
  area: string,
  locale: Locale,
  schema: TSchema,
): v.InferOutput<TSchema> {
  const file = `content/${area}/${locale}.json`;
  return parseContent(file, schema, read(file));
}
