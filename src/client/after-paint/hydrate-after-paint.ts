import type { ClientDirective } from 'astro';
import { AFTER_PAINT_LIST_ID } from './list-id.ts';

/**
 * `client:painted` (decision 051): the island hydrates once the page's script files, put in after its
 * first screen has painted (build/scripts-after-paint.ts), have run — the page marks itself
 * `data-enhanced` then. Its pre-rendered HTML is the first screen meanwhile (the brand directory's loading
 * cards, with the first brand's picture). A page without that loader (the dev server) hydrates at once.
 */
const hydrateAfterPaint: ClientDirective = (load) => {
  const root = document.documentElement;
  const hydrate = async () => (await load())();
  const whenEnhanced = () => {
    if (!document.getElementById(AFTER_PAINT_LIST_ID) || 'enhanced' in root.dataset) return void hydrate();
    const observer = new MutationObserver(() => {
      if (!('enhanced' in root.dataset)) return;
      observer.disconnect();
      void hydrate();
    });
    observer.observe(root, { attributeFilter: ['data-enhanced'] });
  };
  // The loader's list comes at the end of the body: read the page whole first.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenEnhanced, { once: true });
  else whenEnhanced();
};

export default hydrateAfterPaint;
