import { test, expect } from './fixtures';
import { apiToken, openAdmin, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { RAW_CODES } from '../support/raw-codes.ts';

/** A text's raw codes and doubled words, listed so a failure names them. */
function rawIn(text: string): string[] {
  const found = [...text.matchAll(new RegExp(RAW_CODES.source, 'g'))].map((match) => match[0]);
  const doubled = [...text.matchAll(/(^|\s)(\S+) · \2(?=\s|$)|문의 문의|공실/gm)].map((match) => match[0].trim());
  return [...found, ...doubled];
}

// Words, not layout: the same at every size (@any-viewport).
test('the Korean panel shows values as words: an inquiry’s use, floors and language, the filters, and the activity log — no code, key or doubled word', { tag: '@any-viewport' }, async ({ page, request }) => {
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
