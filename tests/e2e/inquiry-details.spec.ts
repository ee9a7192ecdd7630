import { test, expect, axeViolations } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { apiToken, islandsReady, openAdmin, personFillTimePassed, uniqueName, acknowledgeNotice } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

/** The four required fields of the English form. */
async function fillRequired(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Phone' }).fill('010-2345-6789');
  await page.getByRole('textbox', { name: 'Email' }).fill('tenant@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('We are looking for a clinic space.');
  await acknowledgeNotice(page);
}

/** The value next to a label in the inbox detail. */
const detailValue = (detail: Locator, label: string) => detail.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('the details, the page language and the landing page of the visit reach the leasing inbox', { tag: '@any-viewport' }, async ({ page, consoleErrors }) => {
  const name = uniqueName('Details Visitor');
  // The visit begins on the English home page from a campaign link in a search result, then follows the
  // home page's own link to the contact page (a same-site referrer, which must not replace the source).
  await page.goto('/en/?utm_source=naver&utm_campaign=spring', { referer: 'https://search.naver.com/search.naver?query=btower' });
  await page.getByRole('link', { name: 'Leasing Inquiry' }).first().click();
  await expect(page).toHaveURL(/\/en\/contact/);
  await islandsReady(page);
  await fillRequired(page, name);

  await page.getByText('Tell us more (optional)').click();
  await page.getByLabel('Company').fill('Smile Dental');
  await page.getByLabel('Business type').selectOption({ label: 'Medical' });
  await page.getByRole('checkbox', { name: 'Floor 3', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Floor 5', exact: true }).check();
  await page.getByLabel('Minimum').fill('120');
  // The pyeong of what is typed, as it is typed.
  await expect(page.getByTestId('areaMin-pyeong')).toHaveText('about 36.3 pyeong');
  await page.getByLabel('Maximum').fill('200');
  await expect(page.getByTestId('areaMax-pyeong')).toHaveText('about 60.5 pyeong');
  await page.getByLabel('Desired move-in date').fill('2027-03-01');
  await page.getByRole('radio', { name: 'Email' }).check();
  await personFillTimePassed(page);

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Send inquiry' }).click(),
  ]);
  expect(response.status()).toBe(201);
  await expect(page.getByTestId('toast')).toContainText('Your inquiry was sent successfully.');
  await expect(page.getByLabel('Company')).toHaveValue('');
  const { id } = (await response.json()) as { id: string };

  const stored = await page.request.get(`/api/inquiries/${id}`, { headers: { Authorization: `Bearer ${await apiToken(page.request)}` } });
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toMatchObject({
    locale: 'en',
    company: 'Smile Dental',
    businessType: 'Medical',
    desiredFloors: ['3F', '5F'],
    desiredAreaM2: { min: 120, max: 200 },
    moveInDate: '2027-03-01',
    preferredContact: 'email',
    source: { path: '/en/', referrer: 'https://search.naver.com/search.naver?query=btower', utm: { utm_source: 'naver', utm_campaign: 'spring' } },
  });

  await openAdmin(page);
  await page.getByTestId('inquiry-row').filter({ hasText: name }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detailValue(detail, '회사')).toHaveText('Smile Dental');
  await expect(detailValue(detail, '업종')).toHaveText('의료');
  await expect(detailValue(detail, '작성 언어')).toHaveText('영어');
  await expect(detailValue(detail, '희망 층')).toHaveText('3층, 5층');
  await expect(detailValue(detail, '희망 면적')).toHaveText('120–200 m² (36.3–60.5평)');
  await expect(detailValue(detail, '입주 희망일')).toHaveText('2027-03-01');
  await expect(detailValue(detail, '선호 연락 방법')).toHaveText('이메일');
  const source = detailValue(detail, '유입 경로');
  await expect(source).toContainText('/en/ · https://search.naver.com/search.naver?query=btower');
  await expect(source).toContainText('utm_source=naver');
  await expect(source).toContainText('utm_campaign=spring');
  expect(consoleErrors).toEqual([]);
});

test('an area the server refuses is marked at the area, and one the browser can tell is marked before sending', { tag: '@any-viewport' }, async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/inquiries') && r.method() === 'POST' && sent.push(r.url()));
  // What the real server answers for a minimum above the maximum.
  const refused = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: 'Range', email: 'range@example.com', phone: '010-0000-0000', message: 'm', desiredAreaM2: { min: 300, max: 100 } },
  });
  expect(refused.status()).toBe(400);
  const answer = (await refused.json()) as { error: { code: string; fields: Record<string, string> } };
  expect(answer.error.code).toBe('invalid_input');
  expect(answer.error.fields).toEqual({ desiredAreaM2: 'inquiryExtra.errors.areaRange' });

  await page.goto('/en/contact');
  await islandsReady(page);
  await fillRequired(page, uniqueName('Range Visitor'));
  await page.getByText('Tell us more (optional)').click();
  const min = page.getByLabel('Minimum');
  await min.fill('300');
  await page.getByLabel('Maximum').fill('100');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  const message = 'The minimum area cannot exceed the maximum.';
  await expect(page.locator('#inquiry-area-error')).toHaveText(message);
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  await expect(min).toHaveAccessibleDescription(/cannot exceed the maximum/);
  expect(sent).toEqual([]);

  // The server's answer (as above) to a send the browser let through: the area is marked, the rest kept.
  await page.route('**/api/inquiries', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(answer) }));
  await min.fill('50');
  await expect(page.locator('#inquiry-area-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.locator('#inquiry-area-error')).toHaveText(message);
  await expect(min).toHaveValue('50');
  await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
});

test('the contact page with the details open passes axe and fits the screen', async ({ page }) => {
  await page.goto('/contact');
  await islandsReady(page);
  await page.getByText('추가 정보 입력 (선택)').click();
  await expect(page.getByRole('checkbox', { name: '지하 2층' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Every choice is a 44 px target.
  for (const box of [await page.getByRole('checkbox', { name: '14층' }).locator('xpath=..').boundingBox(), await page.getByRole('radio', { name: '전화' }).locator('xpath=..').boundingBox()]) {
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
});

test('the details can be filled from the keyboard alone', { tag: '@any-viewport' }, async ({ page }) => {
  await page.goto('/en/contact');
  await islandsReady(page);
  const summary = page.getByText('Tell us more (optional)');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Company')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Company')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Business type')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Basement 2' })).toBeChecked();
});
