/**
 * `npm run content:schemas`: writes the JSON Schema of every kind of content file into content/.schemas/
 * (generated from the valibot schemas the build checks with), points each content file at its schema
 * with a `"$schema"` key, so an editor's IDE validates and completes fields while typing, and writes the
 * CMS configuration generated from the same schemas (src/cms/config.json).
 * Run it after changing a schema in src/content/schemas/ or a key of the Korean interface dictionaries;
 * a unit test fails while the output is stale.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_KINDS, JSON_SCHEMA_DIR, jsonSchemaText, schemaRefFor } from '../src/content/json-schemas.ts';
import { CMS_CONFIG_FILE, cmsConfigText } from '../src/cms/config.ts';

const ROOT = new URL('..', import.meta.url).pathname;

/** The file with its `"$schema"` key set to `ref`, as the first key, the rest of the text untouched. */
export function withSchemaRef(text: string, ref: string): string {
  const line = `"$schema": ${JSON.stringify(ref)}`;
  if (/"\$schema":\s*"[^"]*"/.test(text)) return text.replace(/"\$schema":\s*"[^"]*"/, line);
  return text.replace(/^\{\s*\n/, `{\n  ${line},\n`);
}

mkdirSync(join(ROOT, JSON_SCHEMA_DIR), { recursive: true });
// A kind that no longer exists leaves no schema behind.
for (const file of readdirSync(join(ROOT, JSON_SCHEMA_DIR))) {
  if (!CONTENT_KINDS.some((kind) => `${kind.name}.json` === file)) rmSync(join(ROOT, JSON_SCHEMA_DIR, file));
}
for (const kind of CONTENT_KINDS) {
  writeFileSync(join(ROOT, JSON_SCHEMA_DIR, `${kind.name}.json`), jsonSchemaText(kind));
  for (const file of kind.files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const next = withSchemaRef(text, schemaRefFor(file, kind));
    if (!next.includes('"$schema"')) throw new Error(`${file}: does not start with "{" on its own line`);
    if (next !== text) writeFileSync(join(ROOT, file), next);
  }
}
writeFileSync(join(ROOT, CMS_CONFIG_FILE), cmsConfigText(ROOT));
console.log(`${CONTENT_KINDS.length} JSON Schemas written to ${JSON_SCHEMA_DIR}/, the CMS configuration to ${CMS_CONFIG_FILE}`);
