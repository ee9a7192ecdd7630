import type { Browser, Page } from '@playwright/test';
import { axeViolations, expect } from './fixtures.ts';
import { islandsReady, scrollSettled, uploadInDialog } from './support/islands.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD, mailTo, test, type MailServer } from './support/mail-server.ts';
import { proposalSetUp as setUp, signInAt as signIn } from './support/proposals.ts';
import { everyPartOf, subjectOf } from '../support/smtp.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { CURRENT_CONSENT_VERSION } from '../../src/shared/proposals/consent.ts';
import { inquiryReference } from '../../src/shared/inquiry-basics.ts';

/**
 * Issue 39's journey, as the people in it do it: an agent drafts a proposal on an inquiry with its live economics,
 * submits it and an owner approves it in the 결재 list; the agent sends it; the prospect opens the mailed link,
 * confirms with the mailed code and counters; the counter is the next version; the agent answers it with a version
 * within the rules and sends it; the prospect accepts; the space is reserved and the certificate is mailed. The phone
 * runs it too: the form, the 결재 list and the prospect's page change their layout there.
 */

/** The newest proposal link mailed to `address` (its secret in the fragment). */
async function proposalLink(server: MailServer, address: string, after: number): Promise<string> {
  const mail = await mailTo(server, address, (subject) => subject.startsWith('[B TOWER] Lease proposal') && server.smtp.mails.length > after);
  const text = everyPartOf(mail.raw);
  const link = /https?:\/\/\S+\/proposal\/#[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return link!;
}

/** Asks for a code on the prospect's page and reads it from the mail it sends. */
async function mailedCode(page: Page, server: MailServer, address: string): Promise<string> {
  const before = server.smtp.mails.filter((mail) => mail.to.includes(address)).length;
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/A code was sent to/)).toBeVisible();
  let code = '';
  await expect.poll(() => {
    const mails = server.smtp.mails.filter((mail) => mail.to.includes(address));
    const subject = mails.length > before ? /confirmation code (\d{6})/.exec(subjectOf(mails.at(-1)!.raw))?.[1] : undefined;
    code = subject ?? '';
    return code;
  }, { message: 'the code mail' }).toMatch(/^\d{6}$/);
  return code;
}

/** A prospect's own browser (the viewport of the project), on the mailed link. */
async function prospectPage(browser: Browser, page: Page, link: string): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize(), isMobile: (page.viewportSize()?.width ?? 1280) < 600, hasTouch: (page.viewportSize()?.width ?? 1280) < 600 });
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Lease proposal', level: 1 })).toBeVisible();
  return visitor;
}

test('a proposal from draft to acceptance: live economics, approval by an owner, the mailed link and code, a counter, the next version, a reserved space and the certificate', async ({ page, browser, request, mailServer }) => {
  test.setTimeout(420_000);
  const setup = await setUp(request);

  // The agent drafts from the space's asking terms; the live panel shows the worked example's offer A.
  await signIn(page, `/admin?inquiry=${setup.inquiryId}`, setup.agent.password, setup.agent.username);
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail).toBeVisible({ timeout: 60_000 });
  await scrollSettled(page);
  const section = detail.getByTestId('inquiry-proposals');
  await section.getByRole('button', { name: '새 제안 작성' }).click();
  const form = section.getByTestId('proposal-form');
  await expect(form.getByRole('checkbox', { name: new RegExp(`10층 ${setup.unitNumber}`) })).toBeChecked();
  await expect(form.getByLabel('월 임대료 (계약면적 ㎡당)')).toHaveValue('36000');
  await form.getByLabel('렌트프리 개월 수 (임대연도마다)').fill('1');
  const preview = form.getByTestId('proposal-preview');
  await expect(preview.locator('[data-metric="nerPerM2"] td').first()).toHaveText('₩34,864');
  await expect(preview.locator('[data-metric="effectiveRentPerM2"] td').first()).toHaveText('₩35,040');
  await expect(preview.getByTestId('discount-vs-asking')).toHaveAttribute('data-value', '8.53');
  await expect(preview.getByTestId('act-notice')).toHaveAttribute('data-protected', 'false');
  await expect(preview.getByTestId('preview-rules')).toHaveAttribute('data-needs-approval', 'true');
  expect(await axeViolations(page, { include: '[data-testid="inquiry-proposals"]' })).toEqual([]);
  await form.getByRole('button', { name: '초안 저장' }).click();
  const v1 = section.locator('[data-testid="proposal-version"][data-version="1"]');
  await expect(v1).toHaveAttribute('data-status', 'draft');
  await v1.getByRole('button', { name: '결재 요청' }).click();
  await expect(v1).toHaveAttribute('data-status', 'pending_approval');

  // The owner approves it in the 결재 list, on the revision shown.
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() });
  const owner = await ownerContext.newPage();
  await signIn(owner, '/admin?tab=approvals', PASSWORD);
  const item = owner.getByTestId('approval-item').filter({ hasText: `10층 ${setup.unitNumber}` });
  await expect(item.locator('[data-rule="discount"]')).toHaveAttribute('data-hit', 'true');
  await expect(item.getByTestId('changes-vs-asking').locator('[data-field="freeRent"]')).toBeVisible();
  expect(await axeViolations(owner, { include: '[data-testid="approvals"]' })).toEqual([]);
  await item.getByRole('button', { name: '반려' }).click();
  await expect(item.getByText('의견을 입력하세요.')).toBeVisible();
  await item.getByLabel('의견').fill('렌트프리 1개월은 괜찮습니다.');
  await item.getByRole('button', { name: '승인' }).click();
  await expect(item).toBeHidden();
  // The owner raises the discount an agent may give without asking to 6 %; the agent's form judges by it below.
  await owner.getByRole('tab', { name: '팀 관리' }).click();
  const rules = owner.getByTestId('proposal-settings');
  const threshold = rules.getByLabel('호가 대비 할인율(NER)이 이 값(%)을 넘을 때');
  await expect(threshold).toHaveValue('5');
  await threshold.fill('6');
  expect(await axeViolations(owner, { include: '[data-testid="proposal-settings"]' })).toEqual([]);
  await owner.locator('form[aria-labelledby="settings-title"]').getByRole('button', { name: '저장', exact: true }).click();
  await expect(owner.getByText('설정을 저장했습니다', { exact: false })).toBeVisible();
  await ownerContext.close();

  // The agent sends it: the prospect's mail carries the link; the inquiry moves to 제안.
  await page.reload();
  await islandsReady(page);
  await expect(v1).toHaveAttribute('data-status', 'approved');
  await expect(v1.getByTestId('approval-trail')).toContainText('렌트프리 1개월은 괜찮습니다.');
  let mails = mailServer.smtp.mails.length;
  await v1.getByRole('button', { name: '고객에게 보내기' }).click();
  await v1.getByTestId('send-form').getByRole('button', { name: '보내기', exact: true }).click();
  await expect(v1).toHaveAttribute('data-status', 'sent');
  const firstLink = await proposalLink(mailServer, setup.prospect, mails);

  // The prospect reads it in English and counters: a lower rent, confirmed by the mailed code (a wrong one first).
  const visitor = await prospectPage(browser, page, firstLink);
  await expect(visitor).toHaveURL(/\/en\/proposal\/$/);
  await expect(visitor.getByTestId('non-binding')).toHaveText('This proposal is not legally binding; its terms are confirmed only by signing a lease agreement.');
  await expect(visitor.locator('[data-term="rentPerM2Krw"] dd')).toHaveText('₩36,000 per m² · ₩119,008 per 3.3 m²');
  await expect(visitor.locator('[data-term="freeRent"] dd')).toHaveText('1 mo. in each lease year');
  await expect(visitor.getByRole('link', { name: 'Privacy policy', exact: true })).toHaveAttribute('href', '/en/privacy');
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('button', { name: 'Download the proposal (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await visitor.getByRole('radio', { name: 'Ask for changes' }).check();
  await visitor.getByLabel('Monthly rent (per m² of contract area, KRW)').fill('34,000');
  const code = await mailedCode(visitor, mailServer, setup.prospect);
  await visitor.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await visitor.getByLabel('Full name', { exact: true }).fill('Jane Doe');
  await visitor.getByLabel('Title', { exact: true }).fill('COO');
  expect(await axeViolations(visitor)).toEqual([]);
  await visitor.getByRole('button', { name: 'Send the changes' }).click();
  await expect(visitor.locator('#answer-code-error')).not.toBeEmpty();
  await visitor.getByLabel('6-digit code').fill(code);
  await visitor.getByRole('button', { name: 'Send the changes' }).click();
  await expect(visitor.getByText('Your changes were sent.', { exact: false })).toBeVisible();
  await visitor.context().close();

  // The counter is version 2, proposed by the prospect; the agent answers it with version 3 within the rules.
  await page.reload();
  await islandsReady(page);
  const v2 = section.locator('[data-testid="proposal-version"][data-version="2"]');
  await expect(v2).toContainText('고객 역제안');
  await expect(v2.getByTestId('changes-vs-previous').locator('[data-field="rentPerM2Krw"]')).toContainText('₩34,000');
  await expect(v1).toHaveAttribute('data-status', 'countered');
  await v2.getByRole('button', { name: '새 버전 작성' }).click();
  await expect(form.getByLabel('월 임대료 (계약면적 ㎡당)')).toHaveValue('34000');
  await form.getByLabel('월 임대료 (계약면적 ㎡당)').fill('35,500');
  await form.getByLabel('렌트프리 개월 수 (임대연도마다)').fill('0');
  await expect(form.getByTestId('preview-rules')).toHaveAttribute('data-needs-approval', 'false');
  await expect(form.getByTestId('preview-rules').locator('[data-rule="discount"]')).toContainText('기준 6%');
  await form.getByRole('button', { name: '초안 저장' }).click();
  const v3 = section.locator('[data-testid="proposal-version"][data-version="3"]');
  await expect(v3.getByTestId('changes-vs-previous').locator('[data-field="rentPerM2Krw"]')).toContainText('₩35,500');
  await v3.getByRole('button', { name: '결재 요청' }).click();
  await expect(v3).toHaveAttribute('data-status', 'approved');
  mails = mailServer.smtp.mails.length;
  await v3.getByRole('button', { name: '고객에게 보내기' }).click();
  await v3.getByTestId('send-form').getByRole('button', { name: '보내기', exact: true }).click();
  await expect(v3).toHaveAttribute('data-status', 'sent');
  const secondLink = await proposalLink(mailServer, setup.prospect, mails);

  // The first link took its one decision (the counter): opened again, it says so and offers nothing to answer.
  const spent = await prospectPage(browser, page, firstLink);
  await expect(spent.getByText('This link has already been used to answer.')).toBeVisible();
  await expect(spent.getByRole('radio', { name: 'Accept' })).toBeHidden();
  await spent.context().close();

  // The prospect accepts version 3: name, the consent words, the mailed code.
  const accepting = await prospectPage(browser, page, secondLink);
  await accepting.getByRole('radio', { name: 'Accept' }).check();
  await accepting.getByRole('button', { name: 'Accept the proposal' }).click();
  await expect(accepting.locator('#answer-consent-error')).not.toBeEmpty();
  await accepting.getByLabel('Full name', { exact: true }).fill('Jane Doe');
  await accepting.getByLabel('Company', { exact: true }).fill('Acme Ltd');
  await accepting.getByRole('checkbox').check();
  await accepting.getByLabel('6-digit code').fill(await mailedCode(accepting, mailServer, setup.prospect));
  await accepting.getByRole('button', { name: 'Accept the proposal' }).click();
  await expect(accepting.getByText('Thank you for accepting.', { exact: false })).toBeVisible();
  // A second visit of the spent link says it answered, and offers nothing to click.
  await accepting.reload();
  await expect(accepting.getByText('This link has already been used to answer', { exact: false })).toBeVisible();
  await expect(accepting.getByRole('button', { name: 'Accept the proposal' })).toBeHidden();
  await accepting.context().close();

  // The space is reserved, the version accepted, and the certificate is in the prospect's mailbox.
  await mailTo(mailServer, setup.prospect, (subject) => subject.startsWith('[B TOWER] Your response to the proposal'));
  const unit = await (await request.get(`/api/units/${setup.unitId}`, { headers: setup.owner })).json();
  expect(unit.status).toBe('reserved');
  await page.reload();
  await islandsReady(page);
  await expect(v3).toHaveAttribute('data-status', 'accepted');
  await expect(v3.getByTestId('proposal-response')).toHaveAttribute('data-decision', 'accept');
  await expect(v3.getByTestId('proposal-hold')).toBeVisible();
  // The timeline as it ends: three versions, their changes, approvals, answers and the hold.
  expect(await axeViolations(page, { include: '[data-testid="inquiry-proposals"]' })).toEqual([]);
});

test('a space another prospect’s acceptance holds is refused clearly, and a fourth code in fifteen minutes says how long to wait', { tag: '@any-viewport' }, async ({ page, browser, request, mailServer }) => {
  const setup = await setUp(request);
  const startDate = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1)).toISOString().slice(0, 10);
  const terms = { depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate, escalationPct: 3 };
  const other = `${setup.prospect.replace('@', '-b@')}`;
  const otherInquiry = (await (await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: 'John Roe', email: other, phone: '010-2345-6789', message: 'Also 10F.', attachments: [], company: 'Roe Inc', locale: 'en', unitId: setup.unitId } })).json()).id as string;
  // The owner makes, approves (their own, at asking) and sends a proposal of the same space to each prospect.
  const sendTo = async (inquiryId: string, address: string) => {
    const before = mailServer.smtp.mails.length;
    let proposal = await (await request.post(`/api/inquiries/${inquiryId}/proposals`, { headers: setup.owner, data: { unitIds: [setup.unitId], terms } })).json();
    for (const action of ['submit', 'send']) {
      const answer = await request.post(`/api/proposals/${proposal.id}/${action}`, { headers: { ...setup.owner, 'If-Match': `"${proposal.revision}"` }, data: {} });
      expect(answer.status(), await answer.text()).toBe(200);
      proposal = await answer.json();
    }
    return proposalLink(mailServer, address, before);
  };
  const first = await sendTo(setup.inquiryId, setup.prospect);
  const second = await sendTo(otherInquiry, other);

  // The first prospect accepts (through the API, as the page does): the space is held.
  const bearer = { Authorization: `Bearer ${first.split('#')[1]}` };
  const mailsBefore = mailServer.smtp.mails.length;
  expect((await request.post('/api/proposal-links/code', { headers: bearer, data: {} })).status()).toBe(202);
  let code = '';
  await expect.poll(() => (code = mailServer.smtp.mails.slice(mailsBefore).map((mail) => /confirmation code (\d{6})/.exec(subjectOf(mail.raw))?.[1]).find(Boolean) ?? '')).toMatch(/^\d{6}$/);
  const accepted = await request.post('/api/proposal-links/answer', { headers: bearer, data: { decision: 'accept', code, signerName: 'Jane Doe', consent: true, consentVersion: CURRENT_CONSENT_VERSION } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The second prospect's acceptance is refused in their language; their link still takes a decline or a counter.
  const visitor = await prospectPage(browser, page, second);
  await visitor.getByRole('radio', { name: 'Accept' }).check();
  await visitor.getByLabel('Full name', { exact: true }).fill('John Roe');
  await visitor.getByRole('checkbox').check();
  await visitor.getByLabel('6-digit code').fill(await mailedCode(visitor, mailServer, other));
  await visitor.getByRole('button', { name: 'Accept the proposal' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'already reserved' })).toBeVisible();
  await expect(visitor.getByRole('radio', { name: 'Decline' })).toBeVisible();
  // Codes: one asked above; two more are mailed; the fourth within fifteen minutes is refused with the wait.
  for (let asked = 2; asked <= 3; asked++) await mailedCode(visitor, mailServer, other);
  await visitor.getByRole('button', { name: 'Send me a code' }).click();
  await expect(visitor.getByText(/Too many tries\. Please try again in \d+ min\./)).toBeVisible();
  await visitor.context().close();
});

test('a lease signed over another prospect’s accepted hold is refused in words; the owner releases it with a reason in the app’s dialog, and the accepted proposal says who and why', { tag: '@any-viewport' }, async ({ page, request, mailServer }) => {
  const setup = await setUp(request);
  // Another tenant's lease of the same space is drafted first (agreed on paper), while the space is still free.
  const tenant = (await (await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: 'John Roe', email: setup.prospect.replace('@', '-t@'), phone: '010-2345-6789', message: 'Also 10F.', attachments: [], company: 'Roe Inc', locale: 'en', unitId: setup.unitId } })).json()).id as string;
  const opened = await request.post(`/api/inquiries/${tenant}/lease`, { headers: setup.owner, data: { overrideReason: '종이 계약으로 합의' } });
  expect(opened.status(), await opened.text()).toBe(201);
  const draft = (await opened.json()) as { id: string; version: number };
  expect((await request.patch(`/api/leases/${draft.id}`, { headers: { ...setup.owner, 'If-Match': `"${draft.version}"` }, data: { tenant: { businessNumber: '220-81-62517', representative: '박대표' } } })).status()).toBe(200);
  // Then the first prospect accepts their proposal online: the space is held for them.
  const terms = { depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate: new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1)).toISOString().slice(0, 10), escalationPct: 3 };
  let proposal = await (await request.post(`/api/inquiries/${setup.inquiryId}/proposals`, { headers: setup.owner, data: { unitIds: [setup.unitId], terms } })).json();
  const before = mailServer.smtp.mails.length;
  for (const action of ['submit', 'send']) {
    const answer = await request.post(`/api/proposals/${proposal.id}/${action}`, { headers: { ...setup.owner, 'If-Match': `"${proposal.revision}"` }, data: {} });
    expect(answer.status(), await answer.text()).toBe(200);
    proposal = await answer.json();
  }
  const bearer = { Authorization: `Bearer ${(await proposalLink(mailServer, setup.prospect, before)).split('#')[1]}` };
  const codesFrom = mailServer.smtp.mails.length;
  expect((await request.post('/api/proposal-links/code', { headers: bearer, data: {} })).status()).toBe(202);
  let code = '';
  await expect.poll(() => (code = mailServer.smtp.mails.slice(codesFrom).map((mail) => /confirmation code (\d{6})/.exec(subjectOf(mail.raw))?.[1]).find(Boolean) ?? '')).toMatch(/^\d{6}$/);
  expect((await request.post('/api/proposal-links/answer', { headers: bearer, data: { decision: 'accept', code, signerName: 'Jane Doe', consent: true, consentVersion: CURRENT_CONSENT_VERSION } })).status()).toBe(200);
  const reference = inquiryReference(setup.inquiryId);

  // The owner records the other tenant's signing: refused in words, naming the holding inquiry.
  await signIn(page, `/admin?inquiry=${tenant}`, PASSWORD);
  const sign = page.getByTestId('inquiry-lease').getByTestId('lease-sign');
  await sign.getByRole('button', { name: '계약서 PDF 올리기' }).click({ timeout: 60_000 });
  await uploadInDialog(page, [{ name: 'signed-lease.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% signed\n%%EOF\n') }]);
  await page.locator('.uppy-Dashboard--modal').getByRole('button', { name: '완료' }).press('Enter');
  await sign.getByRole('button', { name: '서명 기록' }).click();
  const held = sign.getByTestId('lease-held');
  await expect(held).toContainText('다른 문의가 예약한 공간이라 서명하지 않았습니다');
  await expect(held).toContainText(`문의 #${reference}의 제안 v1이 수락되어`);
  expect(await axeViolations(page, { include: '[data-testid="lease-held"]' })).toEqual([]);
  // The release asks in the app's dialog: a reason or nothing; Cancel leaves all as it was.
  await held.getByRole('button', { name: '예약 해제하고 서명 기록' }).click();
  const dialog = page.getByTestId('lease-hold-release-dialog');
  await expect(dialog.getByRole('heading', { name: '예약을 해제할까요?' })).toBeVisible();
  await expect(dialog.getByLabel('해제 이유')).toBeFocused();
  expect(await axeViolations(page, { include: '[data-testid="lease-hold-release-dialog"]' })).toEqual([]);
  await dialog.getByRole('button', { name: '예약 해제하고 서명 기록' }).click();
  await expect(dialog.getByText('예약을 해제하는 이유를 적어 주세요.')).toBeVisible();
  await dialog.getByLabel('해제 이유').fill('종이 계약이 먼저 체결됨');
  await dialog.getByRole('button', { name: '예약 해제하고 서명 기록' }).click();
  await expect(page.getByTestId('inquiry-lease').getByTestId('lease-status')).toHaveText('서명됨');
  await expect(dialog).toHaveCount(0);

  // The accepted proposal's panel says its hold was released, by whom and why.
  await page.goto(`/admin?inquiry=${setup.inquiryId}`);
  await islandsReady(page);
  await expect(page.getByTestId('proposal-hold').first()).toContainText('오너가 다른 계약을 위해 해제', { timeout: 30_000 });
  await expect(page.getByTestId('proposal-hold-released-by').first()).toContainText('이유: 종이 계약이 먼저 체결됨');
});
