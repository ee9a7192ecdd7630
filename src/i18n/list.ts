/** Made once per language, when first needed (building an Intl object costs more than using one). */
const formats = new Map<string, Intl.ListFormat>();

/**
 * Items as the reader's language lists them: "A, B and C", "A, B 및 C", "A、B和C", "A、B、C" — not one separator
 * for every language.
 * @example listText('en-GB', ['Medical', 'Office']) // 'Medical and Office'
 */
export function listText(tag: string, items: readonly string[]): string {
  if (items.length < 2) return items[0] ?? '';
  const format = formats.get(tag) ?? formats.set(tag, new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' })).get(tag)!;
  return format.format(items);
}
