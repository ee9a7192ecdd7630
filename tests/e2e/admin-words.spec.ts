import { test, expect } from './fixtures';
import { apiToken, openAdmin, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { RAW_CODES } from '../support/raw-codes.ts';
import { uniqueUnitNumber } from './support/units.ts';

/** A text's raw codes and doubled words, listed so a failure names them. */
function rawIn(text: string): string[] {
  const found = [...text.matchAll(new RegExp(RAW_CODES.source, 'g'))].map((match) => match[0]);
  const doubled = [...text.matchAll(/(^|\s)(\S+) · \2(?=\s|$)|문의 문의|공실/gm)].map((match) => match[0].trim());
  return [...found, ...doubled];
}

// A phone lays the inbox, the detail and the log out otherwise (cards, one column): its words are read too.
test('the Korean panel shows values as words: an inquiry’s use, floors and language, the filters, and the activity log — no code, key or doubled word', async ({ page, request }) => {
  const token = await apiToken(request);
  const owner = { Authorization: `Bearer ${token}` };
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const agent = { username: `words-${suffix}`, password: `Tower-${suffix}-lease` };
  const made = await request.post('/api/admin/users', { headers: owner, data: { ...agent, name: `낱말 ${suffix}`, email: `words-${suffix}@btower.example`, role: 'agent' } });
  expect(made.status(), await made.text()).toBe(201);
  const agentId = ((await made.json()) as { id: string }).id;
  const signedIn = await request.post('/api/admin/login', { data: agent });
  const asAgent = { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const name = uniqueName('낱말 점검');
  const sent = await request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'words@example.com', phone: '010-4567-8901', message: '병원 자리를 찾고 있습니다.', businessType: 'Medical', desiredFloors: ['3F', 'B1'], preferredContact: 'phone', locale: 'en' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const inquiry = ((await sent.json()) as { id: string }).id;
  for (const patch of [{ assigneeId: agentId, nextStepOn: '2026-12-20' }, { status: 'contacted', note: '전화 드림' }]) {
    expect((await request.patch(`/api/inquiries/${inquiry}`, { headers: asAgent, data: patch })).status()).toBe(200);
  }

  // The inbox (its filters and the one matching row) and the inquiry's detail.
  await openAdmin(page, `/admin?search=${encodeURIComponent(name)}&inquiry=${inquiry}`);
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail).toContainText('의료');
  await expect(detail).toContainText('3층, 지하 1층');
  await expect(detail).toContainText('영어');
  await expect(page.getByTestId('inquiry-history')).toContainText('2026. 12. 20.');
  expect(rawIn(await page.locator('#main').innerText())).toEqual([]);

  // The activity log of that agent: a sign-in says how, in words; each entry names its kind once.
  await page.getByRole('tab', { name: '활동 기록' }).click();
  await page.getByLabel('사람').selectOption(agentId);
  const list = page.getByTestId('audit-list');
  await expect(list.getByTestId('audit-event').filter({ hasText: '비밀번호' }).first()).toContainText('로그인');
  await expect(list.getByTestId('audit-event').filter({ hasText: name })).not.toHaveCount(0);
  expect(rawIn(await list.innerText())).toEqual([]);
  await expect(page.getByLabel('대상')).toContainText('공간');
});

// Words, not layout (@any-viewport): issue 38's fourth-walk follow-ups.
test('the Korean panel names a proposal’s language in Korean (중국어, not 中文 or zh), its link’s last day on the proposal and, with its version, in the activity log and its access records, and the admin’s password without an environment variable', { tag: '@any-viewport' }, async ({ page, request }) => {
  const owner = { Authorization: `Bearer ${await apiToken(request)}` };
  const unit = await request.post('/api/units', {
    headers: owner,
    data: { floor: '10F', unitNumber: uniqueUnitNumber('10F'), exclusiveAreaM2: 275, supplyAreaM2: 500, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000, pricePublic: true, plan: null, note: {} },
  });
  expect(unit.status(), await unit.text()).toBe(201);
  const unitId = ((await unit.json()) as { id: string }).id;
  const name = uniqueName('언어 점검');
  const sent = await request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'words-lang@example.com', phone: '010-2345-6789', message: '10층 사무실 조건을 보내주세요.', company: 'Acme', locale: 'zh', unitId },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const inquiry = ((await sent.json()) as { id: string }).id;
  const startDate = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1)).toISOString().slice(0, 10);
  const terms = { depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate, freeRent: { basis: 'perYear', months: 0 }, escalationPct: 3 };
  let proposal = (await (await request.post(`/api/inquiries/${inquiry}/proposals`, { headers: owner, data: { unitIds: [unitId], terms, locale: 'zh' } })).json()) as { id: string; revision: number; status: string; validUntil: string };
  for (const [action, data] of [['submit', {}], ['send', { locale: 'zh' }]] as const) {
    const answer = await request.post(`/api/proposals/${proposal.id}/${action}`, { headers: { ...owner, 'If-Match': `"${proposal.revision}"` }, data });
    expect(answer.status(), await answer.text()).toBe(200);
    proposal = await answer.json();
  }
  expect(proposal.status).toBe('sent');

  // The inquiry's proposal: sent in 중국어, its PDF buttons in the reader's words too.
  await openAdmin(page, `/admin?inquiry=${inquiry}`);
  const version = page.getByTestId('proposal-version');
  await expect(version.getByTestId('proposal-sent')).toContainText('중국어');
  await expect(version.getByRole('button', { name: 'PDF (중국어)' })).toBeVisible();
  await expect(version).not.toContainText('中文');
  // Whether the prospect's link still opens, and until which day (the proposal's last valid day).
  const lastDay = new Intl.DateTimeFormat('ko', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${proposal.validUntil}T00:00:00Z`));
  await expect(version.getByTestId('proposal-link-state')).toHaveText(` · 링크는 ${lastDay}까지 열립니다`);
  expect(rawIn(await version.innerText())).toEqual([]);

  // The activity log: the link is the proposal's version and the day it lasts to, not an id or an instant.
  await page.getByRole('tab', { name: '활동 기록' }).click();
  const link = page.getByTestId('audit-event').filter({ hasText: '제안 링크' }).filter({ hasText: name });
  await expect(link).toContainText('제안 v1');
  const [year, month, day] = proposal.validUntil.split('-').map(Number);
  await expect(link).toContainText(`링크 유효 기한`);
  await expect(link).toContainText(`${year}. ${month}. ${day}.`);
  await expect(link).toContainText('중국어');
  expect(rawIn(await link.innerText())).toEqual([]);

  // The access records: opening the inquiry read its sent proposal (the address it went to), named by its version.
  await page.getByRole('combobox', { name: '기록 종류' }).selectOption('access');
  const read = page.getByTestId('access-record').filter({ hasText: `문의 ${inquiry.replace(/-/g, '').slice(0, 8).toUpperCase()} 열기` }).filter({ hasText: '제안 열람' }).first();
  await expect(read.getByTestId('access-target')).toHaveText('제안 v1');
  expect(rawIn(await read.innerText())).toEqual([]);

  // The admin's own account: where its password is set, said for a person.
  await page.getByRole('tab', { name: '내 계정' }).click();
  const password = page.locator('section[aria-labelledby="password-title"]');
  await expect(password).toContainText('사이트 운영 담당자');
  await expect(page.locator('#main')).not.toContainText('ADMIN_PASSWORD');
});

