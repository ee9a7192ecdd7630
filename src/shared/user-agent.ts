/**
 * A short name for the device a session was opened on, from its User-Agent: the browser and the system,
 * e.g. "Chrome · Android" or "Safari · iPhone", or the tool a script signed in with ("Node.js", "curl"), as the
 * demo's seeder and the team's own scripts do. Enough to tell one's own sessions apart; never a check. Null when
 * nothing in it is known: the reader's language says "unknown device".
 * @example deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) … Version/17.5 Safari/605.1.15') // 'Safari · macOS'
 */
export function deviceOf(userAgent: string | null | undefined): string | null {
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
  if (browser) return [browser, system].filter(Boolean).join(' · ');
  return toolOf(ua) ?? system;
}

/** A program that is not a browser, by the name its User-Agent starts with (Node's fetch sends just "node"). */
function toolOf(ua: string): string | null {
  if (/^(?:node|undici)\b/i.test(ua)) return 'Node.js';
  if (/^Playwright\//.test(ua)) return 'Playwright';
  if (/^curl\//i.test(ua)) return 'curl';
  if (/^Wget\//i.test(ua)) return 'Wget';
  if (/^(?:python-requests|python-httpx|Python-urllib|aiohttp)\b/i.test(ua)) return 'Python';
  if (/^PostmanRuntime\//.test(ua)) return 'Postman';
  return null;
}
