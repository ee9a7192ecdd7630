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
  /** Flattened dictionary keys: PLAN_SCRIPT_WORDS, use.<category>, ui.lightbox.close. */
  text: Record<string, string>;
}

/**
 * The dictionary's words the plan's scripts write — the plan, its search and list, a space's dialog — as
 * `pickMessages` takes them: whole namespaces where a script builds the key (`units.detail.${key}`), else each key.
 * The section's own heading, introduction, legend and form labels are in its HTML, not here: every byte of the
 * config is in the page's script budget (10 KB gzip before any interaction, npm run audit). Read at build only.
 */
export const PLAN_SCRIPT_WORDS: readonly string[] = [
  'units.detail',
  'units.status',
  'units.floor',
  'units.space',
  ...['floorSummary', 'noUnits', 'unitLabel', 'unitLabelNoMatch', 'unitShort', 'spacesAvailable', 'noneAvailable', 'loading', 'loadFailed'].map((key) => `units.plan.${key}`),
  ...['results', 'allResults', 'listCaption', 'column', 'sortBy'].map((key) => `units.search.${key}`),
];

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
