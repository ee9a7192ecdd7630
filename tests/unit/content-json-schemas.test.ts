import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_KINDS, JSON_SCHEMA_DIR, jsonSchemaOf, jsonSchemaText, schemaRefFor } from '~/content/json-schemas';
import { parseContent } from '~/content/validate';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Every JSON file an editor keeps under content/, except the dictionaries and the schemas themselves. */
function contentFiles(dir = 'content'): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (path === 'content/i18n' || path === JSON_SCHEMA_DIR) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return contentFiles(path);
    return path.endsWith('.json') ? [path] : [];
  });
}

describe('editors’ JSON Schemas', () => {
  it('are up to date with the valibot schemas (run `npm run content:schemas` after changing one)', () => {
    for (const kind of CONTENT_KINDS) expect(read(`${JSON_SCHEMA_DIR}/${kind.name}.json`), kind.name).toBe(jsonSchemaText(kind));
  });

  it('cover every content file, and each file names its schema, which the build accepts', () => {
    const covered = CONTENT_KINDS.flatMap((kind) => kind.files);
    expect(contentFiles().sort()).toEqual([...covered].sort());
    for (const kind of CONTENT_KINDS) {
      for (const file of kind.files) {
        const data = JSON.parse(read(file)) as { $schema?: string };
        expect(data.$schema, file).toBe(schemaRefFor(file, kind));
        expect(read(join(dirname(file), data.$schema!)), file).toBe(jsonSchemaText(kind));
        expect(() => parseContent(file, kind.schema, data)).not.toThrow();
      }
    }
  });

  it('tell an editor which fields are required, what values are allowed and which keys are unknown', () => {
    const floorsText = jsonSchemaOf(CONTENT_KINDS.find((kind) => kind.name === 'floors-text')!) as any;
    const section = floorsText.properties.sections.items;
    expect(section.required).toEqual(expect.arrayContaining(['id', 'name', 'businessType', 'highlights', 'planImage']));
    expect(section.required).not.toContain('locationImage');
    expect(section.additionalProperties).toBe(false);
    expect(section.properties.planImage.properties.file.pattern).toContain('(svg|jpe?g|png|webp');
    expect(floorsText.properties.$schema).toEqual({ type: 'string' });
    const floorsData = jsonSchemaOf(CONTENT_KINDS.find((kind) => kind.name === 'floors-data')!) as any;
    expect(floorsData.properties.sections.items.properties.use.enum).toContain('medical');
  });
});
