import type { Locale } from '../i18n/locales.ts';

/**
 * The contract between the build and the share-page functions (decision 017). The build renders one
 * shell per kind and language, the site's own layout with tokens where a space's or brand's facts go,
 * and one words file per language; a function fills a shell per request. Tokens are plain ASCII, so
 * they survive the layout's escaping and URL building unchanged.
 */
export const SHELL_KINDS = ['space', 'brand'] as const;
export type ShellKind = (typeof SHELL_KINDS)[number];

export const SHELL_TOKENS = {
  /** In every address of the page (canonical, hreflang, language menu): replaced by '8f/801' or a brand slug. */
  slug: 'share-slug-token',
  title: 'SHARE_TITLE_TOKEN',
  description: 'SHARE_DESCRIPTION_TOKEN',
  /** A root-relative path: the layout makes it absolute against the site, the function puts the image's path. */
  image: '/share-image-token',
  imageAlt: 'SHARE_IMAGE_ALT_TOKEN',
  /** Extra <head> content (JSON-LD, robots) and the page's <main> content. */
  head: '<!--share:head-->',
  main: '<!--share:main-->',
} as const;

/** Where the build puts them, under the site folder (dist/). */
export const SHELL_DIR = 'share-shell';
export const shellPath = (kind: ShellKind, locale: Locale) => `/${SHELL_DIR}/${kind}-${locale}/`;
export const wordsPath = (locale: Locale) => `/${SHELL_DIR}/words-${locale}.json`;

/** A floor's share card: its plan drawn on a 1200×630 card (built with the site), and what it shows. */
export interface FloorCard {
  path: string;
  alt: string;
}

/** What a share page, a spec sheet and a sitemap need to say in one language, taken from content/ at build. */
export interface ShareWords {
  locale: Locale;
  /** BCP 47 tag for Intl. */
  tag: string;
  /** Flattened dictionary keys: units.*, brands.*, status.*, ui.lightbox.*, meta.siteName, nav.*. */
  text: Record<string, string>;
  building: { name: string; address: string; addressDetail: string; phone: string; postalCode: string };
  /** The building's schema.org entity (the same @id on every page). */
  buildingJsonLd: Record<string, unknown>;
  /** The estimate's annual rate on the deposit (content/units.json). */
  rate: { value: number; min: number; max: number };
  /** Floor code (8F) → its card. */
  floorCards: Record<string, FloorCard>;
}
