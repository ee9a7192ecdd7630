import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import { AboutTextSchema } from './schemas/about.ts';
import { ArchitectureTextSchema } from './schemas/architecture.ts';
import { BrochureDataSchema, BrochureTextSchema } from './schemas/brochures.ts';
import { BuildingSchema } from './schemas/building.ts';
import { ConstructionTextSchema } from './schemas/construction.ts';
import { DirectionsDataSchema, DirectionsTextSchema } from './schemas/directions.ts';
import { FloorsDataSchema, FloorsTextSchema } from './schemas/floors.ts';
import { HolidaysSchema } from './schemas/holidays.ts';
import { LeasingTextSchema } from './schemas/leasing.ts';
import { PrivacyNoticeTextSchema, PrivacyPolicyTextSchema } from './schemas/privacy.ts';
import { UnitsContentSchema } from './schemas/units.ts';
import { LOCALES } from '../i18n/locales.ts';

/** Where the generated JSON Schemas live, relative to the repository root. */
export const JSON_SCHEMA_DIR = 'content/.schemas';

/** One kind of content file: the valibot schema the build checks it with, and the files of that kind. */
export interface ContentKind {
  name: string;
  schema: v.GenericSchema;
  files: string[];
  /** For the text of an area (content/<area>/<locale>.json): the area. */
  area?: string;
}

const text = (area: string, schema: v.GenericSchema): ContentKind => ({
  name: `${area}-text`,
  schema,
  files: LOCALES.map((locale) => `content/${area}/${locale}.json`),
  area,
});

/** Every content file an editor keeps, by kind (dictionaries under content/i18n are checked by src/i18n). */
export const CONTENT_KINDS: ContentKind[] = [
  text('about', AboutTextSchema),
  text('architecture', ArchitectureTextSchema),
  { name: 'brochures-data', schema: BrochureDataSchema, files: ['content/brochures/data.json'] },
  text('brochures', BrochureTextSchema),
  { name: 'building', schema: BuildingSchema, files: ['content/building.json'] },
  text('construction', ConstructionTextSchema),
  { name: 'directions-data', schema: DirectionsDataSchema, files: ['content/directions/data.json'] },
  text('directions', DirectionsTextSchema),
  { name: 'floors-data', schema: FloorsDataSchema, files: ['content/floors/data.json'] },
  text('floors', FloorsTextSchema),
  { name: 'holidays', schema: HolidaysSchema, files: ['content/holidays.json'] },
  text('leasing', LeasingTextSchema),
  text('privacy-notice', PrivacyNoticeTextSchema),
  text('privacy-policy', PrivacyPolicyTextSchema),
  { name: 'units', schema: UnitsContentSchema, files: ['content/units.json'] },
];

/** The `"$schema"` value of a content file of `kind`: a path relative to the file, as editors resolve it. */
export function schemaRefFor(file: string, kind: ContentKind): string {
  const depth = file.split('/').length - 2; // folders below content/
  return `${'../'.repeat(depth) || './'}.schemas/${kind.name}.json`;
}

/**
 * The JSON Schema of a kind, for editors' IDEs: fields, types, required keys, allowed values, lengths and
 * patterns. Rules a JSON Schema cannot say (cross-field checks) are left to the build, which names them.
 */
export function jsonSchemaOf(kind: ContentKind): Record<string, unknown> {
  const schema = toJsonSchema(kind.schema, {
    errorMode: 'ignore',
    typeMode: 'input',
    // The build's own message for a pattern, so the CMS (src/cms/config.ts) can show the editor the same words.
    overrideAction: ({ valibotAction, jsonSchema }) => {
      const action = valibotAction as { type: string; message?: unknown; requirement?: unknown };
      return action.type === 'regex' && typeof action.message === 'string' && jsonSchema.pattern === (action.requirement as RegExp).source
        ? { ...jsonSchema, 'x-pattern-message': action.message }
        : jsonSchema;
    },
  }) as Record<string, unknown>;
  closeObjects(schema);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...schema,
    title: kind.files.length === 1 ? kind.files[0] : `content/${kind.name.replace(/-text$/, '')}/<language>.json`,
    // Every content file names its schema; the build ignores the key.
    properties: { $schema: { type: 'string' }, ...properties },
  };
}

/**
 * The build drops keys it does not know, so a mistyped field name would silently lose its text: the
 * IDE flags unknown keys instead.
 */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(closeObjects);
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (record.type === 'object' && record.properties && record.additionalProperties === undefined) record.additionalProperties = false;
  Object.values(record).forEach(closeObjects);
}

/** The file text a JSON Schema is written as. */
export function jsonSchemaText(kind: ContentKind): string {
  return `${JSON.stringify(jsonSchemaOf(kind), null, 2)}\n`;
}
