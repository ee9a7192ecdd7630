import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Scrolls through the page so every reveal has run, then judges the colours the visitor ends up seeing. */
export async function revealAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // At each position: two frames (the observers are told with a frame's rendering, even when a loaded
    // machine skips frames) and a short rest, as a reader's scroll would give them.
    const settle = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30))));
    // Instant jumps: the site scrolls smoothly, and a smooth scroll would still be under way at each rest.
    // Steps of 60 % of the window: a reveal fires in the window's top 90 % (src/scripts/reveal.ts), so every
    // element passes through it at some stop.
    const step = Math.max(300, Math.floor(window.innerHeight * 0.6));
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await settle();
    }
    await settle();
    // Whatever a fast pass skipped over (or live content pushed down) is brought into view on its own, as a
    // reader would stop at it, until nothing is left hidden.
    // (Elements not laid out at this width, e.g. a desktop-only drawing, are left alone.)
    const waiting = () => [...document.querySelectorAll<HTMLElement>('[data-reveal]:not([data-revealed])')].filter((e) => e.getClientRects().length > 0);
    for (let rounds = 0; rounds < 50; rounds++) {
      const hidden = waiting()[0];
      if (!hidden) break;
      hidden.scrollIntoView({ block: 'center', behavior: 'instant' });
      await settle();
    }
    // The fades are decoration: their end state is what is judged, so they are finished at once instead of
    // waited for (a staggered fade on a loaded machine is still half-transparent long after it started).
    for (const animation of document.getAnimations()) if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  });
  // Nothing is left hidden, and anything started after the loop has run out, before colours are judged.
  expect(await page.evaluate(() => [...document.querySelectorAll('[data-reveal]:not([data-revealed])')].filter((e) => e.getClientRects().length > 0).length)).toBe(0);
  // (A looping decoration never ends and is not waited for.)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}
