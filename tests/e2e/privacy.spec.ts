import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect, axeViolations } from './fixtures';
import type { Page } from '@playwright/test';
import { LOCALES, localizePath, type Locale } from '../../src/i18n/locales.ts';
import { RETENTION_DEFAULTS } from '../../src/shared/privacy/retention.ts';
import { retentionPeriodText } from '../../src/shared/privacy/notice.ts';
import { apiToken, islandsReady, personFillTimePassed, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

/** The privacy texts of a language (content/i18n/<locale>/privacy.json). */
const privacyText = (locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../content/i18n/${locale}/privacy.json`, import.meta.url), 'utf8')) as { title: string; errors: { acknowledgeRequired: string } };
const TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' };
/** The policy in force: its newest version (a policy version changes without the form's notice changing). */
const POLICY_VERSION = (JSON.parse(readFileSync(new URL('../../content/privacy-policy/ko.json', import.meta.url), 'utf8')) as { versions: { version: string }[] }).versions
  .map((policy) => policy.version)
  .sort((a, b) => b.localeCompare(a))[0]!;

async function fillRequired(page: Page, name: string) {
  await page.locator('#inquiry-name').fill(name);
  await page.locator('#inquiry-phone').fill('010-2345-6789');
  await page.locator('#inquiry-email').fill('privacy@example.com');
  await page.locator('#inquiry-message').fill('A clinic of about 120 m² on 3F.');
}

// The form in every language and both viewports (the notice is long on a phone): refused with the required box
// unticked (focus and a message at the box, nothing sent), the optional box off unless ticked, and the stored
// inquiry naming the notice version and the choice, as the admin API reads it.
for (const locale of LOCALES) {
  // Japanese and Korean visitors tick the marketing box, the others leave it: both choices are stored as made.
  const marketing = locale === 'ko' || locale === 'ja';
  test(`${locale}: the inquiry needs the notice acknowledged and records it with the marketing choice`, { tag: '@any-viewport' }, async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/inquiries') && request.method() === 'POST' && posts.push(request.url()));
    await page.goto(localizePath(locale, '/contact'));
    await islandsReady(page);
    const notice = page.getByTestId('privacy-notice');
    await expect(notice).toHaveAttribute('data-version', NOTICE_VERSION);
    await expect(notice.getByRole('link', { name: /./ })).toHaveAttribute('href', localizePath(locale, '/privacy'));
    // The retention the notice states is the settings' (the defaults here), in the page's language.
    await expect(page.getByTestId('notice-retention')).toContainText(retentionPeriodText(RETENTION_DEFAULTS.retentionAfterCloseDays, TAGS[locale]));
    const acknowledge = page.locator('#inquiry-privacyNoticeVersion');
    const optional = page.locator('#inquiry-marketingConsent');
    await expect(acknowledge).not.toBeChecked();
    await expect(optional).not.toBeChecked();

    const name = uniqueName(`Privacy ${locale}`);
    await fillRequired(page, name);
    await page.locator('form button[type="submit"]').click();
    await expect(acknowledge).toBeFocused();
    await expect(acknowledge).toHaveAttribute('aria-invalid', 'true');
    await expect(acknowledge).toHaveAccessibleDescription(privacyText(locale).errors.acknowledgeRequired);
    expect(posts).toEqual([]);

    await acknowledge.check();
    await expect(page.locator('#inquiry-privacyNoticeVersion-error')).toHaveCount(0);
    if (marketing) await optional.check();
    await personFillTimePassed(page);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/inquiries') && response.request().method() === 'POST'),
      page.locator('form button[type="submit"]').click(),
    ]);
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    // Sent: both boxes are off again for the next inquiry.
    await expect(acknowledge).not.toBeChecked();
    await expect(optional).not.toBeChecked();

    const stored = await page.request.get(`/api/inquiries/${id}`, { headers: { Authorization: `Bearer ${await apiToken(page.request)}` } });
    const inquiry = (await stored.json()) as { name: string; privacyNoticeVersion: string; privacyNoticeAt: string; marketingConsent: boolean; marketingConsentAt: string; createdAt: string };
    expect(inquiry).toMatchObject({ name, privacyNoticeVersion: NOTICE_VERSION, privacyNoticeAt: inquiry.createdAt, marketingConsent: marketing, marketingConsentAt: inquiry.createdAt });
  });
}

// The policy and the built HTML are the same for every viewport.
test.describe('the privacy policy page', { tag: '@any-viewport' }, () => {
  test('every language: the exact title, the summary, every section, the request page, the officer and each version at its address', async ({ page, consoleErrors }) => {
    for (const locale of LOCALES) {
      const response = await page.goto(localizePath(locale, '/privacy'));
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveText(privacyText(locale).title);
      await expect(page.getByTestId('policy-summary')).toBeVisible();
      for (const id of ['purposes', 'items', 'retention', 'destruction', 'thirdParty', 'processors', 'overseas', 'automatic', 'rights', 'safety', 'officer', 'remedies', 'unrecallable', 'changes']) {
        await expect(page.locator(`[data-section="${id}"] h2`), `${locale} ${id}`).toBeVisible();
      }
      await expect(page.getByTestId('privacy-request-link')).toHaveAttribute('href', localizePath(locale, '/privacy/request'));
      await expect(page.getByTestId('policy-officer').locator('a[href^="mailto:"]')).toHaveCount(1);
      await expect(page.getByTestId('policy-officer').locator('a[href^="tel:"]')).toHaveCount(1);
      // The version in force says so after a space ("… 2026 (In force)"), not glued to the date by a margin.
      await expect(page.getByTestId('policy-versions').locator('li').first()).toHaveText(/[^\s(] \([^)]+\)$/);
      const version = page.getByTestId('policy-versions').getByRole('link').first();
      await expect(version).toHaveAttribute('href', localizePath(locale, `/privacy/${POLICY_VERSION}`));
      await version.click();
      await expect(page).toHaveURL(new RegExp(`${localizePath(locale, `/privacy/${POLICY_VERSION}`)}$`));
      await expect(page.locator('h1')).toHaveText(privacyText(locale).title);
      await expect(page.getByTestId('policy-effective-date')).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('shows the retention periods in force: the defaults as built, the owner\'s settings once the server names them', async ({ page }) => {
    await page.goto('/privacy');
    const afterClose = page.locator('[data-section="retention"] [data-retention="retentionAfterCloseDays"]');
    await expect(afterClose).toHaveText(retentionPeriodText(RETENTION_DEFAULTS.retentionAfterCloseDays, 'ko-KR'));
    // The owner keeps closed inquiries 400 days: every place the page states that period says so.
    await page.route('**/api/privacy/notice', (route) =>
      route.fulfill({ json: { version: NOTICE_VERSION, effectiveDate: NOTICE_VERSION, retention: { ...RETENTION_DEFAULTS, retentionAfterCloseDays: 400 } } }),
    );
    await page.goto('/en/privacy');
    const spots = page.locator('[data-retention="retentionAfterCloseDays"]');
    await expect(spots.first()).toHaveText('400 days');
    for (const text of await spots.allTextContents()) expect(text).toBe('400 days');
    await expect(page.locator('[data-retention="retentionOpenDays"]').first()).toHaveText(retentionPeriodText(RETENTION_DEFAULTS.retentionOpenDays, 'en-US'));
  });

  test('the footer of every built page links the policy by its exact name, in the page\'s language', () => {
    const root = realpathSync(process.env.ASTRO_OUT_DIR ?? 'dist');
    const pages = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return name === 'cms' || name === '_astro' ? [] : walk(full);
        return name.endsWith('.html') ? [full] : [];
      });
    })(root);
    expect(pages.length).toBeGreaterThan(40);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const locale = (/<html[^>]*data-locale="(\w\w)"/.exec(html)?.[1] ?? 'ko') as Locale;
      const link = /<a href="([^"]*)"[^>]*data-testid="footer-privacy"[^>]*>([^<]*)<\/a>/.exec(html);
      expect(link, path.relative(root, file)).not.toBeNull();
      expect([link![1], link![2]], path.relative(root, file)).toEqual([localizePath(locale, '/privacy'), privacyText(locale).title]);
      expect(link![0], path.relative(root, file)).toMatch(/font-bold/);
    }
  });
});
