import { PREFERENCES } from './texts.ts';

/**
 * Runs before the CMS module is evaluated (start.ts imports it first and the CMS only afterwards).
 * - Manual start: without it the CMS starts itself on load, looking for a config.yml beside the page, before
 *   it has registered its bundled fonts.
 * - Korean interface by default: the CMS otherwise follows the browser's language. A language the editor
 *   picks in the CMS's settings is kept (it is stored in the same preferences).
 */
(window as unknown as { CMS_MANUAL_INIT: boolean }).CMS_MANUAL_INIT = true;

try {
  const preferences = JSON.parse(localStorage.getItem(PREFERENCES) ?? '{}') as { locale?: string };
  if (!preferences.locale) localStorage.setItem(PREFERENCES, JSON.stringify({ ...preferences, locale: 'ko' }));
} catch {
  // Storage blocked: the CMS then follows the browser's language.
}
