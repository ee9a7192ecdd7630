/**
 * Third-party video without the third-party cost: pages show a local poster, and the
 * youtube-nocookie iframe is created only on demand (a click) or, for the hero's muted background
 * loop, after the visitor first interacts. A blocked or slow host therefore never delays first
 * paint nor breaks the page; the background iframe stays invisible until the player reports in.
 */
const HOST = 'https://www.youtube-nocookie.com';

export function embedUrl(id: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ rel: '0', playsinline: '1', ...params });
  return `${HOST}/embed/${encodeURIComponent(id)}?${query}`;
}

export function createPlayer(id: string, title: string, params: Record<string, string>): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.src = embedUrl(id, params);
  iframe.title = title;
  iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  iframe.className = 'absolute inset-0 size-full border-0';
  return iframe;
}

function playInline(facade: HTMLElement): void {
  const { videoId = '', videoTitle = '' } = facade.dataset;
  const iframe = createPlayer(videoId, videoTitle, { autoplay: '1' });
  facade.querySelector('[data-video-play]')?.remove();
  facade.append(iframe);
  iframe.focus();
}

function startBackground(facade: HTMLElement): void {
  const { videoId = '', videoTitle = '' } = facade.dataset;
  const params = { autoplay: '1', mute: '1', loop: '1', playlist: videoId, controls: '0', disablekb: '1', enablejsapi: '1' };
  const iframe = createPlayer(videoId, videoTitle, params);
  iframe.tabIndex = -1;
  iframe.setAttribute('aria-hidden', 'true');
  iframe.classList.add('pointer-events-none', 'opacity-0', 'transition-opacity', 'duration-1000');
  // Only a real player answers from its origin; an error page (blocked host) never does.
  window.addEventListener('message', function onMessage(event) {
    if (event.origin !== HOST || event.source !== iframe.contentWindow) return;
    iframe.classList.remove('opacity-0');
    window.removeEventListener('message', onMessage);
  });
  iframe.addEventListener('load', () =>
    iframe.contentWindow?.postMessage(JSON.stringify({ event: 'listening', id: videoId }), '*'),
  );
  facade.querySelector('[data-video-frame]')?.append(iframe);
}

function scheduleBackground(facade: HTMLElement): void {
  const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (calm || saveData) return;
  const events = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
  let timer: number | undefined;
  const start = () => {
    events.forEach((name) => window.removeEventListener(name, start));
    window.clearTimeout(timer);
    startBackground(facade);
  };
  events.forEach((name) => window.addEventListener(name, start, { once: true, passive: true }));
  // Large screens start on their own a little after load; phones wait for a gesture and save data.
  if (window.matchMedia('(min-width: 1024px)').matches) timer = window.setTimeout(start, 3000);
}

export function initVideoFacades(): void {
  for (const facade of document.querySelectorAll<HTMLElement>('[data-video-facade]')) {
    if (facade.dataset.videoFacade === 'background') scheduleBackground(facade);
    else facade.querySelector('[data-video-play]')?.addEventListener('click', () => playInline(facade), { once: true });
  }
}
