/**
 * Map facade: the live map iframe is created only when its `[data-map-embed]` box comes into view
 * after the page has loaded, or when the visitor asks for it with the button, so the third-party map
 * never competes with first paint. Until then (and if the map host is unreachable) the local static
 * map illustration underneath stays visible.
 */
function load(box: HTMLElement): void {
  if (box.querySelector('iframe')) return;
  const iframe = document.createElement('iframe');
  iframe.src = box.dataset.src ?? '';
  iframe.title = box.dataset.title ?? '';
  iframe.loading = 'lazy';
  iframe.referrerPolicy = 'no-referrer-when-downgrade';
  iframe.className = 'absolute inset-0 h-full w-full border-0';
  box.append(iframe);
  box.querySelector('[data-map-load]')?.remove();
}

export function initMapEmbed(): void {
  document.querySelectorAll<HTMLElement>('[data-map-embed]').forEach((box) => {
    box.querySelector('[data-map-load]')?.addEventListener('click', () => load(box));
    const watch = () => {
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load(box);
      });
      observer.observe(box);
    };
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });
  });
}
