import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '~/content/dictionaries';
import { LOCALES } from '~/i18n/locales';

/** Every message key the lease rules and the lease server can answer, read from their source. */
function keysUsed(): string[] {
  const folders = ['src/shared/leases', 'src/server/leases'];
  const keys = new Set<string>();
  for (const folder of folders) {
    const files = (() => { try { return readdirSync(folder); } catch { return []; } })();
    for (const file of files.filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(`${folder}/${file}`, 'utf8');
      for (const match of source.matchAll(/'leases\.errors\.([a-zA-Z]+)'/g)) keys.add(`leases.errors.${match[1]}`);
      for (const match of source.matchAll(/\b(?:msg|uuid|day)\('([a-zA-Z]+)'\)/g)) keys.add(`leases.errors.${match[1]}`);
      for (const match of source.matchAll(/\bmonths\([^()]*'([a-zA-Z]+)'\)/g)) keys.add(`leases.errors.${match[1]}`);
    }
  }
  return [...keys].sort();
}

describe('lease messages', () => {
  it('every error a lease rule or route answers is a dictionary key in every language', () => {
    const keys = keysUsed();
    expect(keys.length).toBeGreaterThan(40);
    for (const locale of LOCALES) {
      const messages = messagesFor(locale);
      expect({ locale, missing: keys.filter((key) => !(key in messages)) }).toEqual({ locale, missing: [] });
    }
  });
});
