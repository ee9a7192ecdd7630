import { responsiveImage } from '../../shared/image-url.ts';
import { OBJECT_PATH_PATTERN } from '../../shared/uploads.ts';
import type { DirectoryListLinkId, FirstPictureId } from '../../scripts/directory-list.ts';
import { escapeHtml } from '../share/html.ts';

/** The head's preload of the directory's list (src/pages/[...locale]/brands.astro). */
const LIST_PRELOAD = new RegExp(`<link id="${'directory-list' satisfies DirectoryListLinkId}"`);
/** The first loading card's hidden picture as the build writes it (BrandCardSkeleton). */
const FIRST_PICTURE_TAG = new RegExp(`<img id="${'directory-first-picture' satisfies FirstPictureId}"[^>]*>`);

/**
 * The built /brands page with the directory's first picture already showing in its first loading card
 * (decision 051): the browser finds the page's largest paint in the HTML and fetches it at once, instead
 * of after the page script has read the list. The same srcset and sizes as the card that replaces it
 * (responsiveImage), so the card finds the picture downloaded. A brand without an uploaded thumbnail, or
 * a page without the card, leaves the page as built.
 */
export function withFirstPicture(page: string, thumbnail: string | null | undefined): string {
  if (!thumbnail || !OBJECT_PATH_PATTERN.test(thumbnail)) return page;
  const image = responsiveImage(thumbnail);
  const attributes = [
    `id="${'directory-first-picture' satisfies FirstPictureId}"`,
    'alt=""',
    'fetchpriority="high"',
    `srcset="${escapeHtml(image.srcSet)}"`,
    `sizes="${escapeHtml(image.sizes)}"`,
  ];
  // Asked for from the head too, ahead of the list's preload: the card comes after 40 KB of the page.
  const preload = `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes)}">`;
  return page
    .replace(FIRST_PICTURE_TAG, (tag) => {
      const className = /\bclass="([^"]*)"/.exec(tag)?.[1];
      return `<img ${[...attributes, ...(className ? [`class="${className}"`] : [])].join(' ')}/>`;
    })
    .replace(LIST_PRELOAD, (link) => `${preload}${link}`);
}
