import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAN_FIRST_WORDS, PLAN_LATER_WORDS } from '../../src/scripts/stacking-plan-config.ts';
import { planFirstWords, planLaterWords } from '../../src/content/plan-words.ts';
import { messagesFor } from '../../src/content/dictionaries.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { BRAND_CATEGORIES } from '../../src/shared/brand.ts';

/**
 * The plan's page gives its scripts only the words its first paint writes (PLAN_FIRST_WORDS, in the page's config,
 * which counts in its 10 KB script budget); the search, the list and a space's dialog fetch theirs beside their code
 * (PLAN_LATER_WORDS, /plan-words/<language>.json). A word a script writes but neither part carries shows as its key
 * (`units.plan.loading`) on /floors; a first-paint word left to the later part shows as its key until the visitor
 * uses the search. Every key the plan's scripts and the shared functions they call name is read here.
 */
const FIRST_PAINT = ['src/scripts/stacking-plan.ts', 'src/scripts/stacking-plan-render.ts', 'src/shared/units/availability.ts', 'src/shared/units/space-name.ts'];
const LATER = ['src/scripts/stacking-plan-search.ts', 'src/scripts/stacking-plan-list.ts', 'src/scripts/unit-dialog.ts', 'src/shared/units/facts.ts'];
/** What the later words add beside PLAN_LATER_WORDS (src/content/plan-words.ts): the uses' names and the lightbox's close. */
const ADDED = (key: string) => key.startsWith('use.') || key === 'ui.lightbox.close';
const covers = (picked: readonly string[], key: string, built: boolean) =>
  built ? picked.includes(key) : picked.some((namespace) => key === namespace || key.startsWith(`${namespace}.`));

function keysNamedIn(files: string[]) {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [
      // A key written out: t('units.plan.loading'), plural(t, tag, 'units.plan.spacesAvailable', n).
      ...[...text.matchAll(/['`]((?:units|ui|use)\.[A-Za-z0-9.]*[A-Za-z0-9])['`]/g)].map((match) => ({ file, key: match[1]!, built: false })),
      // A key built from a value: t(`units.detail.${key}`) needs the whole namespace.
      ...[...text.matchAll(/`((?:units|ui|use)\.[A-Za-z0-9.]*)\.\$\{/g)].map((match) => ({ file, key: match[1]!, built: true })),
    ];
  });
}
const firstPaint = keysNamedIn(FIRST_PAINT);
const later = keysNamedIn(LATER);

describe("the stacking plan's words", () => {
  it('finds the keys the scripts write (the reading below reads something)', () => {
    expect(firstPaint.map(({ key }) => key)).toEqual(expect.arrayContaining(['units.plan.loading', 'units.plan.spacesAvailable', 'units.status', 'units.space']));
    expect(later.map(({ key }) => key)).toEqual(expect.arrayContaining(['units.detail', 'units.search.listCaption', 'units.detail.estimateTitle']));
  });

  it("what the first paint writes is in the page's config", () => {
    expect(firstPaint.filter(({ key, built }) => !covers(PLAN_FIRST_WORDS, key, built))).toEqual([]);
  });

  it('what the search, the list and the dialog write is in the config or comes with them', () => {
    const carried = [...PLAN_FIRST_WORDS, ...PLAN_LATER_WORDS];
    expect(later.filter(({ key, built }) => !(ADDED(built ? `${key}.x` : key) || covers(carried, key, built)))).toEqual([]);
  });

  it('name only words the dictionaries have, in every language, each in one part', () => {
    for (const locale of LOCALES) {
      const keys = Object.keys(messagesFor(locale));
      for (const picked of [...PLAN_FIRST_WORDS, ...PLAN_LATER_WORDS]) expect(keys.some((key) => key === picked || key.startsWith(`${picked}.`)), `${locale}: ${picked}`).toBe(true);
      const first = planFirstWords(locale);
      const rest = planLaterWords(locale);
      expect(Object.keys(first).filter((key) => key in rest), locale).toEqual([]);
      // The uses' names and the close button, in the language: never a key, never empty.
      for (const use of BRAND_CATEGORIES) expect(rest[`use.${use}`], `${locale}: ${use}`).toMatch(/^(?!brands\.)\S/);
      expect(rest['ui.lightbox.close'], locale).toMatch(/^(?!ui\.)\S/);
    }
  });
});
