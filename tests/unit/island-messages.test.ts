import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandMessages, messagesFor } from '~/content/dictionaries';
import { LOCALES } from '~/i18n/locales';
import { INQUIRY_FORM_MESSAGES } from '~/islands/inquiry/form-messages';
import { HOME_TENANTS_MESSAGES } from '~/islands/home-tenants-messages';
import { uploadWords } from '~/client/upload/upload-words';

/** Public pages' islands get only the dictionary keys they read (their props are part of the page's HTML). */
const ISLANDS = {
  'the inquiry form': {
    namespaces: INQUIRY_FORM_MESSAGES,
    files: [
      'src/islands/InquiryForm.tsx',
      ...readdirSync('src/islands/inquiry').filter((name) => /\.tsx?$/.test(name) && name !== 'form-messages.ts').map((name) => `src/islands/inquiry/${name}`),
      'src/client/inquiry-errors.ts',
      'src/client/inquiry-draft.ts',
    ],
  },
  'the home’s tenants strip': { namespaces: HOME_TENANTS_MESSAGES, files: ['src/islands/HomeTenants.tsx', 'src/islands/BrandCard.tsx'] },
};

const NAMESPACES = new Set(Object.keys(messagesFor('ko')).map((key) => key.split('.')[0]));

/** Every quoted dictionary key (`'inquiry.submit'`) and key prefix of a built key (`` `units.floor.${floor}` ``). */
function keysNamedIn(files: string[]) {
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of files) {
    for (const [, key, built] of readFileSync(file, 'utf8').matchAll(/['"`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9&]+)+)(\.\$\{|['"`])/g)) {
      if (!NAMESPACES.has(key!.split('.')[0]!)) continue;
      if (built === '.${') prefixes.add(`${key}.`);
      else literals.add(key!);
    }
  }
  return { literals: [...literals], prefixes: [...prefixes] };
}

describe.each(Object.entries(ISLANDS))('%s', (_, { namespaces, files }) => {
  const { literals, prefixes } = keysNamedIn(files);

  it.each(LOCALES)('gets every key it reads in its props (%s)', (locale) => {
    expect(literals.length).toBeGreaterThan(5);
    const given = islandMessages(locale, namespaces);
    const all = messagesFor(locale);
    expect(literals.filter((key) => !(key in given)), 'keys read but not given').toEqual([]);
    for (const prefix of prefixes) {
      const wanted = Object.keys(all).filter((key) => key.startsWith(prefix));
      expect(wanted.length, prefix).toBeGreaterThan(0);
      expect(wanted.filter((key) => !(key in given)), `keys built from ${prefix}`).toEqual([]);
    }
  });
});

describe('the upload dialog on the contact page', () => {
  it.each(LOCALES)('is not in the inquiry form’s props, and its words arrive in full when it opens (%s)', async (locale) => {
    expect(Object.keys(islandMessages(locale, INQUIRY_FORM_MESSAGES)).filter((key) => key.startsWith('upload.uppy.'))).toEqual([]);
    const t = await uploadWords(locale);
    const keys = Object.keys(messagesFor(locale)).filter((key) => key.startsWith('upload.'));
    expect(keys.length).toBeGreaterThan(50);
    for (const key of keys) expect(t(key), key).toBe(messagesFor(locale)[key]);
  });
});
