import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentProblems } from '../../build/content-checks.ts';
import { parseJsonFile } from '~/content/json-file';
import { LOCALES } from '~/i18n/locales';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A small repository: a nav dictionary per language (`overrides` replace a file's text) and one source file. */
function repo(overrides: Record<string, string> = {}, source = "t('nav.home')"): string {
  const root = mkdtempSync(path.join(tmpdir(), 'content-checks-'));
  roots.push(root);
  const files: Record<string, string> = { 'src/pages/x.astro': source, 'content/building.json': '{\n  "floors": 16\n}\n' };
  for (const locale of LOCALES) files[`content/i18n/${locale}/nav.json`] = JSON.stringify({ home: `home ${locale}`, directions: `directions ${locale}` }, null, 2);
  for (const [file, text] of Object.entries({ ...files, ...overrides })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('a content file that is not valid JSON', () => {
  it('is named with the line and column of the mistake', () => {
    const text = '{\n  "floors": 16,\n  "parking": 88,\n}\n';
    expect(() => parseJsonFile('content/building.json', text)).toThrow('content/building.json: line 4, column 1: not valid JSON: Expected double-quoted property name');
    expect(() => parseJsonFile('content/about/en.json', '{\n  "title": Architecture\n}')).toThrow(
      /content\/about\/en\.json: line 2, column 12: not valid JSON: unexpected "Architecture"/,
    );
  });

  it('stops the build before any page is rendered, naming every broken file', () => {
    const root = repo({ 'content/building.json': '{\n  "floors": 16,\n}\n', 'content/i18n/ja/nav.json': '{ "home": "ホーム" "directions": "アクセス" }' });
    expect(contentProblems(root)).toEqual([
      'content/building.json: line 3, column 1: not valid JSON: Expected double-quoted property name',
      "content/i18n/ja/nav.json: line 1, column 17: not valid JSON: Expected ',' or '}' after property value",
    ]);
  });
});

describe('interface dictionaries', () => {
  it('pass when every language has the Korean keys and the code uses only defined keys', () => {
    expect(contentProblems(repo())).toEqual([]);
    expect(contentProblems(process.cwd())).toEqual([]);
  });

  it('fail naming the file and key a language lacks, or has beyond Korean', () => {
    const root = repo({
      'content/i18n/en/nav.json': JSON.stringify({ home: 'Home' }),
      'content/i18n/zh/nav.json': JSON.stringify({ home: '首页', directions: '交通', extra: '多余' }),
    });
    expect(contentProblems(root)).toEqual([
      'content/i18n/en/nav.json: "directions" is missing (content/i18n/ko/nav.json has it)',
      'content/i18n/zh/nav.json: "extra" is not in content/i18n/ko/nav.json',
    ]);
  });

  it('fail naming the source file and line of a t() key no dictionary defines', () => {
    const root = repo({}, "---\nconst a = t('nav.home');\nconst b = t(\"nav.contact\");\nconst c = t(`units.floor.${floor}`);\n---");
    expect(contentProblems(root)).toEqual(['src/pages/x.astro:3: "nav.contact" is used by t() but content/i18n/ko/nav.json does not define it']);
  });
});
