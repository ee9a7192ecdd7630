/** A dictionary as editors write it: nested objects whose leaves are strings. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** A dictionary flattened to dotted keys, the shape islands receive. */
export type Messages = Record<string, string>;

/**
 * Flattens a nested dictionary into dotted keys.
 * @example flatten({ nav: { home: '홈' } }) // { 'nav.home': '홈' }
 */
export function flatten(dictionary: Dictionary, prefix = ''): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(dictionary)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[dotted] = value;
    else Object.assign(out, flatten(value, dotted));
  }
  return out;
}

/**
 * Builds `t()` over flattened messages. A missing key returns the key itself, so a gap is visible
 * on the page instead of silently empty (spec §1). `{name}` placeholders are filled from `params`.
 * @example createTranslator({ 'nav.home': '홈' })('nav.home') // '홈'
 */
export function createTranslator(messages: Messages) {
  return function t(key: string, params?: Record<string, string | number>): string {
    const text = messages[key];
    if (text === undefined) return key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) =>
      name in params ? String(params[name]) : match,
    );
  };
}

export type Translate = ReturnType<typeof createTranslator>;

/** Keeps only the keys under the given namespaces: an island gets the strings it needs, no more. */
export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    if (namespaces.some((ns) => key === ns || key.startsWith(`${ns}.`))) out[key] = value;
  }
  return out;
}
