import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAN_SCRIPT_WORDS } from '../../src/scripts/stacking-plan-config.ts';
import { messagesFor } from '../../src/content/dictionaries.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

/**
 * The plan's page gives its scripts only the words they write (PLAN_SCRIPT_WORDS; the rest is in its HTML, and the
 * config counts in the page's 10 KB script budget). A word a script writes but the config lacks shows as its key
 * (`units.plan.loading`) on /floors: every key the plan's scripts and the shared functions they call name is read here.
 */
const SCRIPTS = [
  'src/scripts/stacking-plan.ts',
  'src/scripts/stacking-plan-render.ts',
  'src/scripts/stacking-plan-search.ts',
  'src/scripts/stacking-plan-list.ts',
  'src/scripts/unit-dialog.ts',
  'src/shared/units/availability.ts',
  'src/shared/units/facts.ts',
  'src/shared/units/space-name.ts',
];
/** What the page adds beside PLAN_SCRIPT_WORDS (StackingPlan.astro): the uses' names and the lightbox's close. */
const ADDED = (key: string) => key.startsWith('use.') || key === 'ui.lightbox.close';
const carried = (key: string) => ADDED(key) || PLAN_SCRIPT_WORDS.some((picked) => key === picked || key.startsWith(`${picked}.`));

const named = SCRIPTS.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [
    // A key written out: t('units.plan.loading'), plural(t, tag, 'units.plan.spacesAvailable', n).
    ...[...text.matchAll(/['`]((?:units|ui|use)\.[A-Za-z0-9.]*[A-Za-z0-9])['`]/g)].map((match) => ({ file, key: match[1]!, built: false })),
    // A key built from a value: t(`units.detail.${key}`) needs the whole namespace.
    ...[...text.matchAll(/`((?:units|ui|use)\.[A-Za-z0-9.]*)\.\$\{/g)].map((match) => ({ file, key: match[1]!, built: true })),
  ];
});

describe("the stacking plan's words", () => {
  it('finds the keys the scripts write (the reading below reads something)', () => {
    expect(named.map(({ key }) => key)).toEqual(expect.arrayContaining(['units.plan.loading', 'units.plan.spacesAvailable', 'units.detail', 'units.status', 'units.space']));
  });

  it('are all in the config the page gives its scripts', () => {
    const missing = named.filter(({ key, built }) => (built ? !(ADDED(`${key}.x`) || PLAN_SCRIPT_WORDS.includes(key)) : !carried(key)));
    expect(missing).toEqual([]);
  });

  it('name only words the dictionaries have, in every language', () => {
    for (const locale of LOCALES) {
      const keys = Object.keys(messagesFor(locale));
      for (const picked of PLAN_SCRIPT_WORDS) expect(keys.some((key) => key === picked || key.startsWith(`${picked}.`)), `${locale}: ${picked}`).toBe(true);
    }
  });
});
