import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { adminToken, openAdmin, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

/** The funnel report the page itself asked for next (its numbers are what the table must show). */
function nextFunnel(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/reports/funnel' && !response.url().includes('format=csv') && response.ok());
}

// On a phone and a desktop: the stage table has a column per week, and nothing may be wider than a 390 px screen.
test('the owner opens the reports, changes the period (a calendar quarter too), reads the funnel in its table and chart and downloads its CSV', async ({ page, consoleErrors }) => {
  // An inquiry of today that the team contacted: it counts in this month's funnel.
  const created = await page.request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: uniqueName('리포트 테넌트'), email: 'reports@example.com', phone: '010-3456-7890', message: '5층 사무실 문의드립니다.', desiredFloors: ['5F'], locale: 'ko' },
  });
  expect(created.status()).toBe(201);

  await openAdmin(page);
  // The inbox's first-response time is the wall clock, and says so (the report below counts office minutes).
  await expect(page.getByTestId('inbox-median')).toContainText('첫 응답까지 걸린 시간(실제 경과 시간, 밤·주말 포함, 최근 30일 중앙값)');
  const patched = await page.request.patch(`/api/inquiries/${(await created.json()).id}`, { data: { status: 'contacted' }, headers: { Authorization: `Bearer ${await adminToken(page)}` } });
  expect(patched.status()).toBe(200);

  const first = nextFunnel(page);
  await page.getByRole('tab', { name: '리포트' }).click();
  const answer = await (await first).json();
  const funnel = page.getByTestId('report-table-funnel');
  // The stage table shows the numbers the report answered, in Korean.
  const row = (stage: string) => funnel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: stage, exact: true }) });
  // A column per week, then the total: the cell under "건수".
  const total = (stage: string, periods: number) => row(stage).getByRole('cell').nth(periods);
  await expect(total('문의', answer.periods.length)).toHaveText(new Intl.NumberFormat('ko-KR').format(answer.totals.inquiries));
  await expect(total('계약', answer.periods.length)).toHaveText(new Intl.NumberFormat('ko-KR').format(answer.totals.won));
  expect(answer.totals.inquiries).toBeGreaterThanOrEqual(1);
  expect(answer.totals.contacted).toBeGreaterThanOrEqual(1);
  // The chart's value axis says what it counts; a bar's number reads as the table's cell.
  const chart = page.getByTestId('report-figure-funnel').locator('svg[role="img"]');
  await expect(chart.locator('[data-axis="value"]')).toHaveText('건수');
  await expect(chart.locator('text').filter({ hasText: /^\d+$/ }).first()).toBeVisible();
  // The speed is in office minutes, and says so beside the inbox's elapsed time.
  await expect(page.getByTestId('speed-clock')).toContainText('평일 09–18시');
  // Every week of the month is a row, empty ones as zero.
  const weeks = page.getByTestId('report-table-funnelByPeriod').locator('tbody tr');
  await expect(weeks).toHaveCount(answer.periods.length);

  // Last month, compared with the month before.
  const lastMonth = nextFunnel(page);
  await page.getByTestId('reports-preset').selectOption('lastMonth');
  const before = await (await lastMonth).json();
  await expect(total('문의', before.periods.length)).toHaveText(new Intl.NumberFormat('ko-KR').format(before.totals.inquiries));
  await page.getByLabel('이전 기간과 비교').check();
  await expect(funnel.getByRole('columnheader', { name: '이전' })).toBeVisible();

  // Last calendar quarter: nothing arrived then on this server, and each chart says so instead of an empty frame.
  await page.getByLabel('이전 기간과 비교').uncheck();
  const quarter = nextFunnel(page);
  await page.getByTestId('reports-preset').selectOption({ label: '지난 분기' });
  const lastQuarter = await (await quarter).json();
  expect(lastQuarter.totals.inquiries).toBe(0);
  await expect(page.getByTestId('report-figure-funnel').getByTestId('chart-empty')).toHaveText('건수: 이 기간에는 모두 0입니다.');

  // A custom period ending before it starts is refused with the field's message.
  await page.getByTestId('reports-preset').selectOption('custom');
  await page.getByLabel('시작일').fill('2026-03-31');
  await page.getByLabel('종료일').fill('2026-03-01');
  await page.getByRole('button', { name: '보기' }).click();
  await expect(page.getByText('종료일이 시작일보다 앞설 수 없습니다.')).toBeVisible();
  await page.getByLabel('종료일').fill('2026-04-30');
  const custom = nextFunnel(page);
  await page.getByRole('button', { name: '보기' }).click();
  const march = await (await custom).json();
  expect(march.periods[0].start).toBe('2026-03-30');
  await expect(page.getByTestId('reports-period')).toContainText('2026. 3. 31.');

  // The funnel's table as CSV: the BOM, Korean headers, one row per stage.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-figure-funnel').getByRole('button', { name: /CSV 다운로드/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('funnel-funnel-2026-03-31-2026-04-30.csv');
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  // The weeks its chart shows are columns, before the total and the conversion.
  expect(lines[0]).toBe(['단계', ...march.periods.map((p: { start: string }) => `${p.start} 주`), '건수', '전환율'].join(','));
  expect(lines.map((line) => line.split(',')[0])).toEqual(['단계', '문의', '연락', '투어', '제안', '계약', '무산']);

  expect(await axeViolations(page)).toEqual([]);
  // Usable on a 390 px phone: nothing wider than the screen (tables scroll inside their own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(consoleErrors).toEqual([]);
});
