/**
 * A short name for the device a session was opened on, from its User-Agent: the browser and the system,
 * e.g. "Chrome · Android" or "Safari · iPhone". Enough to tell one's own sessions apart; never a check.
 * @example deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) … Version/17.5 Safari/605.1.15') // 'Safari · macOS'
 */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    /Edg\//.test(ua) ? 'Edge'
    : /SamsungBrowser\//.test(ua) ? 'Samsung Internet'
    : /Whale\//.test(ua) ? 'Whale'
    : /(?:Chrome|CriOS|Chromium)\//.test(ua) ? 'Chrome'
    : /(?:Firefox|FxiOS)\//.test(ua) ? 'Firefox'
    : /Safari\//.test(ua) ? 'Safari'
    : null;
  const system =
    /iPhone/.test(ua) ? 'iPhone'
    : /iPad/.test(ua) ? 'iPad'
    : /Android/.test(ua) ? 'Android'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : null;
  return [browser, system].filter(Boolean).join(' · ') || '?';
}
