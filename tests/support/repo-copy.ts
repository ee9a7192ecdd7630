import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** What building and serving the site needs, besides node_modules. */
const ENTRIES = ['astro.config.mjs', 'package.json', 'tsconfig.json', 'netlify.toml', 'schema.sql', 'src', 'content', 'public', 'build', 'functions', 'netlify-local'];

/**
 * A throwaway copy of the repository's working tree (sharing node_modules by a link), for tests that edit
 * content and build or serve the result without touching the real checkout.
 */
export function copyRepository(prefix = 'btower-copy-'): string {
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  for (const entry of ENTRIES) cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}
