import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';

/** Where the home's HTML is cut: after the hero's heading, before its subtitle and buttons. */
const CUT_BEFORE = '<p class="mx-auto mt-6';
/** How long the rest of the HTML takes to arrive: a phone on a slow network, one more round trip or two. */
const SLOW_NETWORK_MS = 700;

/**
 * The home as a slow network delivers it: its HTML arrives in two parts, the second after a pause; everything
 * else comes from the test server as it is. A paint between the two parts shows the hero's heading alone.
 */
async function slowHome(origin: string): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', origin), { headers: { Accept: String(request.headers.accept ?? '*/*') } });
      if (request.url === '/en/') {
        const html = await upstream.text();
        const cut = html.indexOf(CUT_BEFORE);
        expect(cut).toBeGreaterThan(0);
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        response.write(html.slice(0, cut));
        setTimeout(() => response.end(html.slice(cut)), SLOW_NETWORK_MS);
        return;
      }
      response.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

// The hero centres its text on the screen: painted with only its heading parsed, the heading sat in the middle and
// jumped up when the subtitle and buttons arrived (a layout shift in one load of two, issue 29). A phone's
// layout is where it was seen; the rule is the same on every screen.
test('the home’s hero text does not move while its HTML arrives slowly', { tag: '@mobile-only' }, async ({ page, baseURL }) => {
  const server = await slowHome(baseURL!);
  try {
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/en/`);
    await expect(page.getByRole('link', { name: 'Leasing Inquiry' }).first()).toBeVisible();
    // Every layout shift since the navigation, from the browser's buffer (read at once: no waiting for a callback).
    const shifts = await page.evaluate(() => {
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: 'layout-shift', buffered: true });
      const entries = observer.takeRecords();
      observer.disconnect();
      return entries.map((entry) => (entry as PerformanceEntry & { value: number }).value);
    });
    expect(shifts).toEqual([]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
