/** What the stacking plan's page gives its scripts: words in the page's language and the estimate's defaults. */
export interface PlanConfig {
  /** BCP 47 tag for number and date formats. */
  tag: string;
  /** The page's language, for a unit's note. */
  language: string;
  /** /contact in the page's language. */
  contactPath: string;
  /** The cost estimate's annual rate on the deposit, in percent (content/units.json). */
  rate: { value: number; min: number; max: number };
  /**
   * A space's possible uses (the brand categories), given by the page rather than imported: the module
   * that defines them belongs to the islands' chunk, which /floors does not otherwise load.
   */
  uses: readonly string[];
  /** Flattened dictionary keys: PLAN_FIRST_WORDS on load; PLAN_LATER_WORDS, use.<category>, ui.lightbox.close once withLaterWords has run. */
  text: Record<string, string>;
}

/**
 * The dictionary's words the plan's first paint writes (the plan, its floor summaries, a space's status and name),
 * as `pickMessages` takes them: whole namespaces where a script builds the key (`units.floor.${floor}`), else each
 * key. They are in the page's config, and every byte of it is in the page's script budget (10 KB gzip before any
 * interaction, npm run audit): the section's own heading, introduction, legend and form labels are in its HTML,
 * and what only the search, the list and a space's dialog write comes with them (PLAN_LATER_WORDS). Read at build.
 */
export const PLAN_FIRST_WORDS: readonly string[] = [
  'units.status',
  'units.floor',
  'units.space',
  ...['floorSummary', 'noUnits', 'unitLabel', 'unitLabelNoMatch', 'unitShort', 'spacesAvailable', 'noneAvailable', 'loading', 'loadFailed'].map((key) => `units.plan.${key}`),
];

/**
 * The words only the search, the list and a space's dialog write: fetched with their code on first use
 * (`withLaterWords`, from /plan-words/<language>.json, src/pages/plan-words/[locale].json.ts), with the uses' names
 * (`use.<category>`) and the enlarged plan's close button (`ui.lightbox.close`).
 */
export const PLAN_LATER_WORDS: readonly string[] = [
  'units.detail',
  ...['results', 'allResults', 'listCaption', 'column', 'sortBy'].map((key) => `units.search.${key}`),
];

/** The address of the later words in a language. */
export const planLaterWordsPath = (language: string) => `/plan-words/${language}.json`;

/** The page's config, or null on a page without the plan. */
export function readPlanConfig(): PlanConfig | null {
  const element = document.getElementById('stacking-plan-config');
  return element?.textContent ? (JSON.parse(element.textContent) as PlanConfig) : null;
}

/** `t()` over the config's words: a missing key shows itself, `{name}` is filled from params. */
export function translator(config: PlanConfig) {
  return (key: string, params: Record<string, string | number> = {}) =>
    (config.text[key] ?? key).replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Makes an element: `el('p', { class: 'x' }, 'text', child)`. Text is always text (never parsed as HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

let later: Promise<void> | undefined;

/**
 * Adds the later words to the config's, once per page: the search, the list and the dialog wait for them beside
 * their own code (both fetched at once, so no longer). A failed fetch is tried again on the next use.
 */
export function withLaterWords(config: PlanConfig): Promise<void> {
  later ??= fetch(planLaterWordsPath(config.language), { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<Record<string, string>>) : Promise.reject(new Error(String(response.status)))))
    .then((words) => void Object.assign(config.text, words))
    .catch((error: unknown) => {
      later = undefined;
      throw error;
    });
  return later;
}
