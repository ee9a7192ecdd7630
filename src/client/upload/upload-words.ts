import { createTranslator, flatten, type Dictionary, type Translate } from '../../i18n/translate.ts';
import type { Locale } from '../../i18n/locales.ts';

/** Each language's upload words (content/i18n/<locale>/upload.json), a separate chunk fetched on demand. */
const WORDS = import.meta.glob<Dictionary>('/content/i18n/*/upload.json', { import: 'default' });

/**
 * `t()` over the `upload.*` words of one language, fetched when the upload dialog first opens (with Uppy
 * itself): a public page's HTML does not carry the dialog's ~60 strings in an island's props (issue 30).
 */
export async function uploadWords(locale: Locale): Promise<Translate> {
  const load = WORDS[`/content/i18n/${locale}/upload.json`];
  if (!load) throw new Error(`No upload words for ${locale}`);
  return createTranslator(flatten({ upload: await load() }));
}
