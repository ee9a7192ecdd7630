import { test, expect } from './fixtures';

/**
 * playwright.config.ts turns off Chromium's address-bar renderer (one per test's window, seconds of CPU each) with
 * its own --disable-features, and Chromium reads only the last one: it must keep every feature Playwright turns off.
 * Checked in the full browser: it has the address bar and the page that lists its command line (the headless
 * shell the other tests use has neither, and takes the same flags).
 */
test("the suite's browser keeps every feature Playwright turns off, and turns off the address bar's renderer", { tag: '@full-browser' }, async ({ page }) => {
  // Chromium's own page lists the command line it was started with.
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').textContent();
  const lists = (commandLine ?? '')
    .split(/\s+(?=--)/)
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  expect(lists.length).toBeGreaterThanOrEqual(2);
  const used = lists.at(-1)!;
  for (const list of lists.slice(0, -1)) expect(used).toEqual(expect.arrayContaining(list));
  expect(used).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});
