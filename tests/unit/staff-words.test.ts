import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../src/content/dictionaries.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

/** The admin page's dictionaries, as the island gets them (the list admin.astro hands the panel). */
const NAMESPACES = JSON.parse(/islandMessages\(locale, (\[[^\]]+\])\)/.exec(readFileSync('src/pages/[...locale]/admin.astro', 'utf8'))![1]!.replaceAll("'", '"')) as string[];

/** Every text of a dictionary tree, with its key. */
function texts(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [];
}

/** An environment variable's name (ADMIN_PASSWORD, SMTP_URL): an operator's word, not a staff member's. */
const ENV_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;

/**
 * Staff read the panel, not the server's configuration (issue 38's fourth walk: the account page told the admin its
 * password "is the ADMIN_PASSWORD variable"). Every text the panel can show, in four languages, names no environment
 * variable; the admin's password note says where it is set and whom to ask, as a person says it.
 */
describe('the panel’s words name no environment variable', () => {
  it.each(LOCALES)('%s', (lang) => {
    const found = texts(islandMessages(lang, NAMESPACES)).filter(([, text]) => ENV_NAME.test(text));
    expect(found).toEqual([]);
    const t = createTranslator(islandMessages(lang, NAMESPACES));
    for (const key of ['team.errors.passwordFromEnvironment', 'team.audit.actions.password_from_environment']) {
      expect(t(key)).not.toBe(key);
      expect(t(key)).not.toMatch(/ADMIN_|environment variable|\bvariable\b|환경 변수|环境变量|環境変数/);
    }
  });
});
