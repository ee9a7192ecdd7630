import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';

/** Opens the first completion image of the English about page in the lightbox; returns its trigger. */
async function openLightbox(page: Page) {
  await page.goto('/en/about');
  const trigger = page.locator('#features-title ~ ul button[data-lightbox]').first();
  await trigger.click();
  const dialog = page.locator('dialog#lightbox');
  await expect(dialog).toBeVisible();
  return { trigger, dialog };
}

test.describe('lightbox', () => {
  test('shows a larger optimized rendition with focus inside the dialog', async ({ page, consoleErrors }) => {
    const { dialog } = await openLightbox(page);
    const image = dialog.locator('img');
    await expect(image).toHaveAttribute('src', /\/_astro\/.+\.webp$/);
    await expect(image).toHaveAttribute('alt', 'B TOWER at night with its LED media wall glowing');
    await expect(image).toHaveAttribute('srcset', /\.webp 960w, .+\.webp 1600w$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const close = dialog.getByRole('button', { name: 'Close enlarged image' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('closes with the close button and gives focus back', async ({ page }) => {
    const { trigger, dialog } = await openLightbox(page);
    await dialog.getByRole('button', { name: 'Close enlarged image' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('closes on a click on the overlay', async ({ page }) => {
    const { trigger, dialog } = await openLightbox(page);
    await page.mouse.click(8, 200);
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('closes with Escape', async ({ page }) => {
    const { trigger, dialog } = await openLightbox(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('passes axe while open', async ({ page }) => {
    await openLightbox(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('construction carousel', () => {
  test('moves 320 px per click and enlarges a photo', async ({ page, consoleErrors }) => {
    await page.goto('/en/architecture');
    const carousel = page.locator('[data-carousel]').first();
    const track = carousel.locator('[data-carousel-track]');
    const scrollLeft = () => track.evaluate((el) => Math.round(el.scrollLeft));
    const next = carousel.getByRole('button', { name: 'Next photos' });
    const previous = carousel.getByRole('button', { name: 'Previous photos' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(scrollLeft).toBe(320);
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect.poll(scrollLeft).toBe(0);
    await next.click();
    await expect.poll(scrollLeft).toBe(320);

    await track.locator('button[data-lightbox]').nth(2).click();
    await expect(page.locator('dialog#lightbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog#lightbox')).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('construction carousel under reduced motion', () => {
  test('jumps the same 320 px without smooth scrolling', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/en/architecture');
    const carousel = page.locator('[data-carousel]').nth(1);
    const track = carousel.locator('[data-carousel-track]');
    await carousel.getByRole('button', { name: 'Next photos' }).click();
    // No smooth animation: the very next frame already shows the final position.
    expect(await track.evaluate((el) => new Promise((r) => requestAnimationFrame(() => r(Math.round(el.scrollLeft)))))).toBe(320);
  });
});

test.describe('reveal on scroll', () => {
  test('content scrolled into view ends fully visible', async ({ page }) => {
    await page.goto('/en/about');
    const card = page.getByTestId('bicycle-card');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('with reduced motion it only fades, in about 0.2 s', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Record every animation the page starts, with its keyframes and timing.
    await page.addInitScript(() => {
      const calls: { transforms: unknown[]; duration: unknown }[] = ((window as any).__animations = []);
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (frames, options) {
        calls.push({ transforms: (frames as Keyframe[]).map((f) => f.transform), duration: (options as KeyframeAnimationOptions).duration });
        return animate.call(this, frames, options);
      };
    });
    await page.goto('/en/about');
    await page.getByTestId('bicycle-card').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => (window as any).__animations.length)).toBeGreaterThan(0);
    const calls = await page.evaluate(() => (window as any).__animations);
    for (const call of calls) expect(call).toEqual({ transforms: ['none', 'none'], duration: 200 });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('every revealed element is visible', async ({ page }) => {
    await page.goto('/en/about');
    const opacities = await page.locator('[data-reveal]').evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity));
    expect(opacities.length).toBeGreaterThan(10);
    expect(new Set(opacities)).toEqual(new Set(['1']));
  });
});

test.describe('tooltip', () => {
  test('opens on keyboard focus after 700 ms and closes on Escape', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en/');
    const trigger = page.locator('#stats-title ~ dl button[aria-describedby]').nth(1);
    const tooltip = page.locator(`#${await trigger.getAttribute('aria-describedby')}`);
    await expect(tooltip).toHaveAttribute('role', 'tooltip');
    // In view first: the focus below scrolls nothing, so no scroll event closes the bubble once shown.
    await trigger.scrollIntoViewIfNeeded();
    await page.clock.pauseAt(Date.now() + 60_000);
    await trigger.focus();
    await page.clock.runFor(699);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(1);
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('pyeong');
    const box = (await tooltip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('tooltip on a touch screen', () => {
  // Taps need a touch screen.
  test('a tap opens the "i" explanation at once; a second tap, a tap elsewhere or Escape closes it', { tag: '@mobile-only' }, async ({ page }) => {
    await page.clock.install();
    await page.goto('/floors');
    const trigger = page.locator('[id="2f"] [data-tooltip] button');
    const bubble = page.locator(`#${await trigger.getAttribute('aria-describedby')}`);
    await trigger.scrollIntoViewIfNeeded();
    // The page's clock stands still: a bubble that shows now did not wait for the 700 ms hover delay.
    await page.clock.pauseAt(Date.now() + 60_000);
    await trigger.tap();
    await expect(bubble).toBeVisible();
    await expect(bubble).toContainText('㎡');
    await page.clock.resume();
    const box = (await bubble.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    await trigger.tap();
    await expect(bubble).toBeHidden();

    await trigger.tap();
    await expect(bubble).toBeVisible();
    // A paragraph a person can see: the floor's "n spaces available" line stays hidden while none is.
    await page.locator('[id="2f"] p:visible').first().tap();
    await expect(bubble).toBeHidden();

    await trigger.tap();
    await expect(bubble).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bubble).toBeHidden();
  });

  // The tap test covers touch screens.
  test('a click opens it at once on a desktop too', { tag: '@desktop-only' }, async ({ page }) => {
    // No smooth scrolling: a page still gliding under the pointer would be a hover leaving and coming back.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/en/floors');
    const trigger = page.locator('[id="2f"] [data-tooltip] button');
    const bubble = page.locator(`#${await trigger.getAttribute('aria-describedby')}`);
    await trigger.scrollIntoViewIfNeeded();
    // With the page's clock stopped, only a bubble that needs no timer can show.
    await page.clock.pauseAt(Date.now() + 60_000);
    await trigger.click();
    await expect(bubble).toBeVisible();
    await trigger.click();
    await expect(bubble).toBeHidden();
  });
});

test.describe('tooltip on hover', () => {
  // Touch screens have no hover.
  test('opens after 700 ms, and at once when moving on to the next one', { tag: '@desktop-only' }, async ({ page }) => {
    await page.clock.install();
    await page.goto('/en/');
    const triggers = page.locator('#stats-title ~ dl button[aria-describedby]');
    // The stats slide in when scrolled to; a card moving out from under the pointer rightly cancels it.
    await triggers.nth(1).scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#stats-title ~ dl [data-reveal]')].every(
        (card) => card.hasAttribute('data-revealed') && card.getAnimations().every((a) => a.playState === 'finished'),
      ),
    );
    const bubble = async (i: number) => page.locator(`#${await triggers.nth(i).getAttribute('aria-describedby')}`);
    const [first, second] = [await bubble(0), await bubble(1)];
    // The page's clock is ours from here: 699 ms of hovering is not enough, 700 ms is.
    await page.clock.pauseAt(Date.now() + 60_000);
    await triggers.nth(0).hover();
    await page.clock.runFor(699);
    await expect(first).toBeHidden();
    await page.clock.runFor(1);
    await expect(first).toBeVisible();
    // Moving on to the next one shows it without waiting: the clock does not move.
    await triggers.nth(1).hover();
    await expect(second).toBeVisible();
    await expect(first).toBeHidden();

    await page.mouse.move(5, 700);
    await expect(second).toBeHidden();
  });
});

test.describe('video facades with external hosts blocked', () => {
  test('the home hero keeps its poster and logs no error', async ({ page, consoleErrors }) => {
    await page.goto('/en/');
    const hero = page.locator('[data-video-facade="background"]');
    await expect(hero.locator('img')).toBeVisible();
    await page.mouse.move(200, 300);
    await page.mouse.move(300, 400);
    const frame = hero.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    // The blocked player's page loads (as an error page) and never reports in, so it never covers the poster.
    await (await (await frame.elementHandle())!.contentFrame())!.waitForLoadState('load');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(frame).toHaveClass(/opacity-0/);
    expect(consoleErrors).toEqual([]);
  });

  test('an inline video starts only on demand', async ({ page, consoleErrors }) => {
    await page.goto('/en/about');
    const facade = page.locator('[data-video-facade="inline"]');
    await expect(facade.locator('iframe')).toHaveCount(0);
    await facade.getByRole('button', { name: /Play video/ }).click();
    await expect(facade.locator('iframe')).toHaveAttribute('title', 'B TOWER lobby LED media wall video');
    expect(consoleErrors).toEqual([]);
  });

  test('the building tour plays in a modal that closes and cleans up', async ({ page, consoleErrors }) => {
    await page.goto('/en/about');
    const trigger = page.getByRole('button', { name: 'Watch the building tour' });
    await trigger.click();
    const dialog = page.locator('dialog#tour-video');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\//);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(dialog.locator('iframe')).toHaveCount(0);
    await expect(trigger).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });
});
