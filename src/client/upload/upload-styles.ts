import coreStyles from '@uppy/core/css/style.min.css?url';
import dashboardStyles from '@uppy/dashboard/css/style.min.css?url';
import themeStyles from './upload-theme.css?url';

let loaded: Promise<void> | undefined;

/**
 * Links Uppy's stylesheets (about 70 KB) and the site's colours over them when a dialog first opens.
 * Imported as CSS modules, Astro put them in the head of every page with an upload island as
 * render-blocking CSS, which alone cost /admin and /contact most of a second of first paint on a mobile
 * connection. In order: the theme must come last to win.
 */
export function loadUploadStyles(): Promise<void> {
  loaded ??= Promise.all(
    [coreStyles, dashboardStyles, themeStyles].map(
      (href) =>
        new Promise<void>((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = () => resolve();
          link.onerror = () => reject(new Error(`Could not load ${href}`));
          document.head.append(link);
        }),
    ),
  ).then(() => undefined);
  return loaded;
}
