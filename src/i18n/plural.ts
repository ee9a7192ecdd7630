/** Any `t()`: the key's text with `{name}` filled in, or the key itself when nothing is found. */
type Lookup = (key: string, params?: Record<string, string | number>) => string;

/** Made once per language, when first needed: building an Intl object costs far more than using one. */
const rulesByTag = new Map<string, Intl.PluralRules>();
const numbersByTag = new Map<string, Intl.NumberFormat>();
const rulesOf = (tag: string) => rulesByTag.get(tag) ?? rulesByTag.set(tag, new Intl.PluralRules(tag)).get(tag)!;

/**
 * The count as the language writes it. Below 1,000 every language of the site writes plain digits, and the
 * number formatter is the costliest Intl object to build (~100 ms on a phone, in the directory's first task),
 * so it is built only for larger counts, where grouping ("1,200") matters.
 */
function countText(tag: string, count: number): string {
  if (Number.isInteger(count) && Math.abs(count) < 1000) return String(count);
  return (numbersByTag.get(tag) ?? numbersByTag.set(tag, new Intl.NumberFormat(tag)).get(tag)!).format(count);
}

/**
 * A counted phrase in the reader's language. The dictionary gives the phrase as an object of CLDR plural
 * categories (`"resultCount": { "one": "{count} brand found", "other": "{count} brands found" }`); the
 * category comes from `Intl.PluralRules` and `{count}` is the number formatted for the language. A
 * language without a category's form (Korean, Chinese and Japanese know only `other`) falls back to `other`.
 * @example plural(t, 'en', 'brands.resultCount', 1) // '1 brand found'
 */
export function plural(t: Lookup, localeTag: string, key: string, count: number, params: Record<string, string | number> = {}): string {
  const category = rulesOf(localeTag).select(count);
  const filled = { ...params, count: countText(localeTag, count) };
  const exact = `${key}.${category}`;
  const text = t(exact, filled);
  return text === exact ? t(`${key}.other`, filled) : text;
}
