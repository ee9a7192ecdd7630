import { readFile } from 'node:fs/promises';

let schemaText: Promise<string> | undefined;

/** schema.sql from the repository root (deploys ship it as an included file). */
export function loadSchema(): Promise<string> {
  schemaText ??= readFile(new URL('../../../schema.sql', import.meta.url), 'utf8').catch((error: unknown) => {
    schemaText = undefined;
    throw new Error(`schema.sql could not be read (${String(error)}); it must ship next to the functions`);
  });
  return schemaText;
}
