import { localizePath, type Locale } from './i18n/locales.ts';

/**
 * The seven top-bar links (spec §2 shared layout), in order. `label` is a dictionary key.
 * Paths are locale-free; localizePath() adds the prefix.
 */
export const NAV_ITEMS = [
  { path: '/', label: 'nav.home' },
  { path: '/about', label: 'nav.about' },
  { path: '/architecture', label: 'nav.architecture' },
  { path: '/floors', label: 'nav.floors' },
  { path: '/directions', label: 'nav.directions' },
  { path: '/brands', label: 'nav.brands' },
  { path: '/contact', label: 'nav.contact' },
] as const;

/** Pages that exist besides the nav items (not in the sitemap: the panel, and the page a proposal's mailed link opens). */
export const EXTRA_PAGES = ['/admin', '/proposal'] as const;

/** Public pages linked from every page's footer rather than the top bar: indexed, in the sitemap and the audits. */
export const FOOTER_PAGES = ['/privacy'] as const;

/** Top bar turns solid once the page is scrolled past this many px (spec §9). */
export const TOP_BAR_SCROLL_THRESHOLD = 50;

/** The id of the inquiry form's section on /contact: every leasing call to action goes straight to it. */
export const INQUIRY_ANCHOR = 'inquiry-form';

/** Where a "leasing inquiry" button leads, in the page's language. */
export function inquiryHref(locale: Locale): string {
  return `${localizePath(locale, '/contact')}#${INQUIRY_ANCHOR}`;
}
