import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { inquiryReference } from '../../src/shared/inquiry-basics.ts';
import { addDays } from '../../src/shared/tours.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { apiToken, islandsReady, openAdmin } from './support/islands.ts';

const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

/** Opens the activity log on the kind of record `entity` (the filter's label). */
async function activityOf(page: Page, tab: string, filter: string, entity: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('combobox', { name: filter }).selectOption({ label: entity });
}

/**
 * Issue 28, item 3: the activity log showed `assignee_id: ∅ → 29f126a8-…`, `next_step_on` and English statuses
 * on the Korean panel. It names the record (the inquirer and reference, the space as "8층 802호"), the person,
 * the field and the values in the panel's language, and links to the record.
 */
// Words, dates and links: the same at every size (docs/testing.md, "Time in tests").
test('the activity log reads as a person would say it, on the Korean and the English panel', { tag: '@any-viewport' }, async ({ page, request }) => {
  test.info().setTimeout(180_000);
  const token = await apiToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/admin/me', { headers: auth })).json()) as { id: string; name: string };
  const tag = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

  // A space whose rent changes, and an inquiry assigned with a next-step date and moved on.
  const unitBody = { floor: '8F', unitNumber: `A${tag}`, exclusiveAreaM2: 90, supplyAreaM2: 150, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: 3_000_000, deposit: null, maintenanceFee: null, pricePublic: true, plan: null, note: {} };
  const unit = await request.post('/api/units', { headers: auth, data: unitBody });
  expect(unit.status(), await unit.text()).toBe(201);
  const unitId = ((await unit.json()) as { id: string }).id;
  expect((await request.put(`/api/units/${unitId}`, { headers: auth, data: { ...unitBody, monthlyRent: 5_000_000, status: 'negotiating' } })).status()).toBe(200);
  const name = `감사 ${tag}`;
  const sent = await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: `log-${tag.toLowerCase()}@example.com`, phone: '010-1234-5678', message: '활동 기록 확인', attachments: [] } });
  expect(sent.status(), await sent.text()).toBe(201);
  const inquiryId = ((await sent.json()) as { id: string }).id;
  const nextStep = addDays(koreanDay(new Date()), 6);
  const patched = await request.patch(`/api/inquiries/${inquiryId}`, { headers: auth, data: { assigneeId: me.id, nextStepOn: nextStep, status: 'contacted' } });
  expect(patched.status(), await patched.text()).toBe(200);
  const reference = inquiryReference(inquiryId);

  // Korean.
  await openAdmin(page);
  await activityOf(page, '활동 기록', '대상', '문의');
  const entry = page.getByTestId('audit-event').filter({ hasText: name }).filter({ hasText: '담당자' });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('audit-subject')).toHaveText(`${name} 님 문의 (#${reference})`);
  await expect(entry.getByTestId('audit-subject')).toHaveAttribute('href', `?inquiry=${inquiryId}`);
  await expect(entry.locator('[data-field="assignee_id"]')).toHaveText(`담당자: (비어 있음) → ${me.name}`);
  const koDay = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${nextStep}T00:00:00Z`));
  // Named as the inquiry's own screen names it (one name per field).
  await expect(entry.locator('[data-field="next_step_on"]')).toHaveText(`다음 할 일 날짜: (비어 있음) → ${koDay}`);
  await expect(entry.locator('[data-field="status"]')).toHaveText('상태: 신규 → 연락함');
  for (const raw of ['assignee_id', 'next_step_on', me.id, '∅', 'contacted']) await expect(entry).not.toContainText(raw);

  // The CSV the tab downloads says the same, in the panel's language (issue 38 item 12: it wrote `status: new → contacted`).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV 내보내기' }).click()]);
  const row = (await readFile((await download.path())!, 'utf8')).split('\r\n').find((line) => line.includes(`${name} 님 문의 (#${reference})`) && line.includes('담당자'));
  expect(row).toContain('상태: 신규 → 연락함');
  expect(row).toContain(`담당자: (비어 있음) → ${me.name}`);
  for (const raw of ['assignee_id', 'next_step_on', '∅', 'contacted']) expect(row).not.toContain(raw);
  // A negotiation and a lease are kinds the filter offers.
  await expect(page.getByRole('combobox', { name: '대상' }).locator('option')).toContainText(['제안', '임대차 계약']);

  await page.getByRole('combobox', { name: '대상' }).selectOption({ label: '공간' });
  const space = page.getByTestId('audit-event').filter({ hasText: `8층 A${tag}호` }).filter({ hasText: '월 임대료 (원): 3,000,000 → 5,000,000' });
  await expect(space).toHaveCount(1);
  await expect(space.getByTestId('audit-subject')).toHaveAttribute('href', `/floors/8f/a${tag.toLowerCase()}/`);
  await expect(space.locator('[data-field="monthly_rent"]')).toHaveText('월 임대료 (원): 3,000,000 → 5,000,000');
  await expect(space.locator('[data-field="status"]')).toHaveText('상태: 임대 가능 → 협의 중');

  // Following the inquiry's link opens it.
  await page.getByRole('combobox', { name: '대상' }).selectOption({ label: '문의' });
  await entry.getByTestId('audit-subject').click();
  await expect(page.getByTestId('inquiry-detail')).toContainText(name);

  // English: the same entries in English words and dates.
  await page.goto('/en/admin');
  await islandsReady(page);
  const signIn = page.getByLabel('Password');
  await expect(page.getByRole('tab', { name: 'Activity log' }).or(signIn)).toBeVisible();
  if (await signIn.isVisible()) {
    await signIn.fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await activityOf(page, 'Activity log', 'Subject', 'Inquiry');
  const english = page.getByTestId('audit-event').filter({ hasText: name }).filter({ hasText: 'Assignee' });
  await expect(english.getByTestId('audit-subject')).toHaveText(`Inquiry from ${name} (#${reference})`);
  const enDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${nextStep}T00:00:00Z`));
  await expect(english.locator('[data-field="next_step_on"]')).toHaveText(`Next step on: (empty) → ${enDay}`);
  await expect(english.locator('[data-field="status"]')).toHaveText('Status: New → Contacted');
  await page.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Space' });
  const enSpace = page.getByTestId('audit-event').filter({ hasText: `A${tag}` }).filter({ hasText: 'Monthly rent (KRW): 3,000,000 → 5,000,000' });
  await expect(enSpace.getByTestId('audit-subject')).not.toContainText('호');
  await expect(enSpace.getByTestId('audit-subject')).toHaveAttribute('href', `/en/floors/8f/a${tag.toLowerCase()}/`);
  await expect(enSpace.locator('[data-field="status"]')).toHaveText('Status: Available → In negotiation');
});
