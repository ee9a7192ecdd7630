import type { Brand } from '../shared/brand.ts';

/**
 * The hand-over between the /brands page script and the directory island, as types only: a value shared
 * by both would become a module of its own, and the page script must stay inline (no request, no import
 * chain) to start the first picture early. tsc checks both sides against these names.
 */

/** The id of the page's `<link rel=preload as=fetch>` of the unfiltered list. */
export type DirectoryListLinkId = 'directory-list';

/** What the page script leaves on that link: the list read once from the preloaded answer. */
export interface DirectoryListLink extends HTMLLinkElement {
  directoryList?: Promise<Brand[]>;
}

/** The page's `data-first-picture`: the card picture's srcset/sizes for `sample`, to fill in for the first brand. */
export interface FirstPictureTemplate {
  sample: string;
  srcset: string;
  sizes: string;
  /** OBJECT_PATH_PATTERN's source: only uploaded objects go through the image route. */
  pattern: string;
}

/** The id of the hidden picture in the first loading card, which the page script shows (BrandCardSkeleton). */
export type FirstPictureId = 'directory-first-picture';
