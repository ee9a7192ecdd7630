import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let schemaText: Promise<string> | undefined;

/**
 * Where schema.sql can be: next to the sources (local runs, tests), or in the working directory, where
 * Netlify puts `included_files` when it bundles a function (import.meta.url then points into the bundle).
 */
function candidates(): string[] {
  return [fileURLToPath(new URL('../../../schema.sql', import.meta.url)), path.resolve('schema.sql')];
}

async function readFirst(paths: string[]): Promise<string> {
  for (const file of paths) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) return text;
  }
  throw new Error(`schema.sql not found (looked in ${paths.join(', ')}); deploys must ship it as an included file`);
}

/** schema.sql's text, read once per process. */
export function loadSchema(): Promise<string> {
  schemaText ??= readFirst(candidates()).catch((error: unknown) => {
    schemaText = undefined;
    throw error;
  });
  return schemaText;
}
