import { randomUUID } from 'node:crypto';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, addMonths } from '../../src/shared/deals/schedule.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { axeViolations, expect, test } from './fixtures.ts';
import { apiToken, islandsReady, openAdmin, uniqueName } from './support/islands.ts';
import { uniqueUnitNumber } from './support/units.ts';

/**
 * Issue 40's reports on the owner's screen, with a lease in them: a tenant in its second lease year, entered by the
 * owner through the API as a lease signed on paper. The rent roll's row reads this month's escalated rent, 관리비 and
 * the deposit held; the expiry schedule's summary the occupancy and WALE; the new sections (rent roll, expiries,
 * proposals) are axe clean with their rows. The same at every size (the reports spec checks a phone's width).
 */
test('the owner reads a signed lease in the rent roll and the expiry schedule, each with its table and chart', { tag: '@any-viewport' }, async ({ page }) => {
  const api = page.request;
  const auth = { Authorization: `Bearer ${await apiToken(api)}` };
  const unitNumber = uniqueUnitNumber('8F');
  const unit = await api.post('/api/units', {
    headers: auth,
    data: { floor: '8F', unitNumber, exclusiveAreaM2: 275, supplyAreaM2: 500, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000, pricePublic: true, plan: null, note: {} },
  });
  expect(unit.status(), await unit.text()).toBe(201);
  const tenant = uniqueName('(주)리포트상사');
  const inquiry = await api.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: '김임차', email: `t-${randomUUID().slice(0, 8)}@example.com`, phone: '010-2222-3333', message: '8층 사무실', attachments: [], company: tenant, locale: 'ko', unitId: (await unit.json()).id },
  });
  expect(inquiry.status(), await inquiry.text()).toBe(201);
  // Signed on paper thirteen months ago: this month is its fourteenth, in lease year 2.
  const start = addMonths(`${koreanDay(new Date()).slice(0, 7)}-01`, -13);
  const contractOn = addDays(start, -20);
  const opened = await api.post(`/api/inquiries/${(await inquiry.json()).id}/lease`, { headers: auth, data: { overrideReason: 'Signed on paper' } });
  expect(opened.status(), await opened.text()).toBe(201);
  const draft = await opened.json();
  const filled = await api.patch(`/api/leases/${draft.id}`, {
    headers: { ...auth, 'If-Match': `"${draft.version}"` },
    data: {
      tenant: { businessNumber: '220-81-62517', representative: '박대표' },
      terms: { ...draft.terms, startDate: start, termMonths: 60, escalationPct: 3, fitoutMonths: 0, freeRent: { basis: 'perYear', months: 0 } },
      dates: { contractOn, handoverOn: start },
    },
  });
  expect(filled.status(), await filled.text()).toBe(200);
  const pdf = Buffer.from('%PDF-1.4\n% signed lease\n%%EOF\n');
  const ticket = await (await api.post('/api/objects/upload', { headers: auth, data: { purpose: 'lease', filename: 'lease.pdf', size: pdf.length, type: 'application/pdf' } })).json();
  expect((await api.put(ticket.uploadURL, { data: pdf, headers: { 'Content-Type': 'application/pdf' } })).ok()).toBe(true);
  const signed = await api.post(`/api/leases/${draft.id}/sign`, { headers: { ...auth, 'If-Match': `"${(await filled.json()).version}"` }, data: { signedOn: contractOn, documentPath: ticket.objectPath } });
  expect(signed.status(), await signed.text()).toBe(200);

  await openAdmin(page);
  await page.getByRole('tab', { name: '리포트' }).click();
  await islandsReady(page);
  const row = page.getByTestId('report-table-rentRoll').getByRole('row').filter({ hasText: tenant });
  // Its space in the panel's words (8층 …호), never the floor's code.
  await expect(row).toContainText(`8층 ${unitNumber}호`);
  await expect(row).toContainText('18,540,000');
  await expect(row).toContainText('7,000,000');
  await expect(row).toContainText('180,000,000');
  await expect(page.getByTestId('report-figure-rentRoll').locator('svg[role="img"]')).toBeVisible();
  const summary = page.getByTestId('expiries-summary');
  await expect(summary).toContainText('현재 임대율');
  await expect(summary).toContainText('WALE 면적 기준');
  await expect(summary).not.toContainText('—');
  // The quarter its last day falls in holds it: 500 m² expiring.
  const ends = addDays(addMonths(start, 60), -1);
  const quarter = `${ends.slice(0, 4)}년 ${Math.floor((Number(ends.slice(5, 7)) - 1) / 3) + 1}분기`;
  await expect(page.getByTestId('report-table-expiries').getByRole('row').filter({ has: page.getByRole('rowheader', { name: quarter, exact: true }) })).toContainText('500');
  for (const section of ['report-rent-roll', 'report-expiries', 'report-proposals']) {
    expect(await axeViolations(page, { include: `[data-testid="${section}"]` }), section).toEqual([]);
  }
});
