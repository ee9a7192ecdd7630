import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { LOCALES, type Locale } from '../src/i18n/locales.ts';
import type { Dictionary } from '../src/i18n/translate.ts';
import { parseJsonFile } from '../src/content/json-file.ts';
import { describeProblems, dictionaryKeyProblems, usedKeyProblems, type DictionaryFiles } from '../src/content/dictionary-checks.ts';

function filesUnder(root: string, dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name.startsWith('.')) return [];
    if (statSync(path.join(root, relative)).isDirectory()) return filesUnder(root, relative, keep);
    return keep(relative) ? [relative] : [];
  });
}

/**
 * Everything wrong with the content that the pages' own checks would report late or not at all: a JSON
 * syntax error anywhere in content/ (named with file, line and column), a dictionary key one language lacks
 * or only one language has, and a t('…') key in src/ that no dictionary defines. Empty when all is well.
 */
export function contentProblems(root: string): string[] {
  const problems: string[] = [];
  const dictionaries = Object.fromEntries(LOCALES.map((l) => [l, {}])) as DictionaryFiles;
  for (const file of filesUnder(root, 'content', (f) => f.endsWith('.json'))) {
    try {
      const data = parseJsonFile(file, readFileSync(path.join(root, file), 'utf8'));
      const dictionary = /^content\/i18n\/([^/]+)\/([^/]+)\.json$/.exec(file);
      if (dictionary && (LOCALES as readonly string[]).includes(dictionary[1]!)) {
        dictionaries[dictionary[1] as Locale][dictionary[2]!] = data as Dictionary;
      }
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) return problems; // key checks on half-read dictionaries would only add noise
  const sources = filesUnder(root, 'src', (f) => /\.(astro|tsx?)$/.test(f)).map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
  const keys = [...dictionaryKeyProblems(dictionaries), ...usedKeyProblems(sources, dictionaries)];
  return keys.length > 0 ? describeProblems(keys).split('\n') : [];
}

/** Fails the build, before any page is rendered, with every content problem named (issue 16 item 10). */
export function contentChecks(): AstroIntegration {
  return {
    name: 'content-checks',
    hooks: {
      'astro:build:start': ({ logger }) => {
        const problems = contentProblems(process.cwd());
        if (problems.length === 0) return;
        for (const problem of problems) logger.error(problem);
        throw new Error(`content/ has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
      },
    },
  };
}
