import type { Brand } from '../shared/brand.ts';
import type { DirectoryListLink, DirectoryListLinkId, FirstPictureId, FirstPictureTemplate } from './directory-list.ts';

/**
 * /brands: the first card's picture is the page's largest paint. The island discovers it only after its
 * module chain loads, hydrates and reads the list; this inline page script reads the preloaded list as
 * soon as the page is parsed and shows that picture at once in the first loading card, with the card's
 * srcset/sizes, so the card that replaces it finds it downloaded. It leaves the list on the link for the
 * island: one request. No imports, so Astro inlines it (and hashes it into the page's CSP).
 */
const link = document.getElementById('directory-list' satisfies DirectoryListLinkId) as DirectoryListLink | null;
if (link) {
  const list = fetch(link.href, { credentials: 'include', headers: { Accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
    return (await response.json()) as Brand[];
  });
  link.directoryList = list;
  // A filtered visit shows other brands first: its picture is the island's to find.
  const params = new URLSearchParams(location.search);
  const filtered = (link.dataset.filters ?? '').split(' ').some((name) => params.has(name));
  const template = JSON.parse(link.dataset.firstPicture ?? 'null') as FirstPictureTemplate | null;
  if (!filtered && template) {
    list.then((brands) => {
      const thumbnail = brands[0]?.thumbnail;
      if (!thumbnail || !new RegExp(template.pattern).test(thumbnail)) return;
      const srcset = template.srcset.replaceAll(encodeURIComponent(template.sample), encodeURIComponent(thumbnail));
      // Shown in the first loading card at once: the visitor sees the picture while the island loads, and
      // the card that replaces it finds the same picture downloaded.
      const shown = document.getElementById('directory-first-picture' satisfies FirstPictureId) as HTMLImageElement | null;
      if (shown) {
        // The server filled in this very picture (functions/brand-directory.ts): it is already on its way.
        // Another one (a brand saved between the page and the list) gives way to the list's first.
        if (shown.srcset === srcset) return;
        shown.fetchPriority = 'high';
        shown.sizes = template.sizes;
        shown.srcset = srcset;
        shown.hidden = false;
        return;
      }
      const preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'image';
      preload.fetchPriority = 'high';
      preload.imageSrcset = srcset;
      preload.imageSizes = template.sizes;
      document.head.append(preload);
    }, () => {});
  }
}
