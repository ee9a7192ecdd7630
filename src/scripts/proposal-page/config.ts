/**
 * What the proposal page (/proposal, issue 39) gives its script: the page's language and the words the script
 * shows, in that language. The script carries no text of its own and no framework (≤ 10 KB of script, `npm run
 * audit`); everything a person reads is in the HTML or in these words.
 */
export interface ProposalPageConfig {
  /** The page's language, for links to the spaces' pages. */
  locale: string;
  /** BCP 47 tag for numbers, money and dates. */
  tag: string;
  /** Flattened dictionary keys: proposalPage.*, deals.terms.*, deals.metrics.per*, brands.category.*, units.floor.*, units.space. */
  words: Record<string, string>;
}

export type Words = (key: string, params?: Record<string, string | number>) => string;

/** `t()` over the page's words: a missing key shows itself, `{name}` is filled from params. */
export function wordsOf(config: ProposalPageConfig): Words {
  return (key, params = {}) => (config.words[key] ?? key).replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Makes an element: `el('p', { class: 'x' }, 'text', child)`. Text is always text (never parsed as HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | undefined> = {}, ...children: (Node | string | null | undefined | false)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** How long to wait, as the page's language says it: "40초", "3 min". */
export function waitText(seconds: number, t: Words): string {
  return seconds < 60 ? t('proposalPage.wait.seconds', { n: Math.max(1, Math.ceil(seconds)) }) : t('proposalPage.wait.minutes', { n: Math.ceil(seconds / 60) });
}
