import { axeViolations, expect } from './fixtures.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD, test } from './support/mail-server.ts';
import { proposalSetUp as setUp, signInAt as signIn } from './support/proposals.ts';

/** The owners' 결재 list on the revision they read (issue 39, decision 033). */
test('an owner deciding in a stale tab sees what the agent changed meanwhile, and decides on what is stored', { tag: '@any-viewport' }, async ({ page, request }) => {
  const setup = await setUp(request);
  const agentToken = (await (await request.post('/api/admin/login', { data: { username: setup.agent.username, password: setup.agent.password } })).json()).token as string;
  const agent = { Authorization: `Bearer ${agentToken}` };
  const startDate = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1)).toISOString().slice(0, 10);
  const terms = { depositKrw: 180_000_000, rentPerM2Krw: 36_000, maintenancePerM2Krw: 14_000, termMonths: 60, startDate, freeRent: { basis: 'perYear', months: 1 }, escalationPct: 3 };
  let proposal = await (await request.post(`/api/inquiries/${setup.inquiryId}/proposals`, { headers: agent, data: { unitIds: [setup.unitId], terms } })).json();
  const write = async (method: 'PATCH' | 'POST', path: string, data: unknown) => {
    const answer = await request.fetch(path, { method, headers: { ...agent, 'If-Match': `"${proposal.revision}"` }, data });
    expect(answer.status(), await answer.text()).toBe(200);
    proposal = await answer.json();
  };
  await write('POST', `/api/proposals/${proposal.id}/submit`, {});
  expect(proposal.status).toBe('pending_approval');

  await signIn(page, '/admin?tab=approvals', PASSWORD);
  const item = page.getByTestId('approval-item').filter({ hasText: `10층 ${setup.unitNumber}` });
  await expect(item.getByTestId('changes-vs-asking').locator('[data-field="freeRent"]')).toBeVisible();

  // Meanwhile the agent lowers the rent (back to draft) and submits again: the tab shows the first terms still.
  await write('PATCH', `/api/proposals/${proposal.id}`, { terms: { ...terms, rentPerM2Krw: 35_000 } });
  await write('POST', `/api/proposals/${proposal.id}/submit`, {});
  await item.getByRole('button', { name: '승인' }).click();
  const dialog = page.getByTestId('conflict-dialog');
  await expect(dialog.locator('[data-field="rentPerM2Krw"] [data-side="theirs"]')).toContainText('₩35,000');
  expect(await axeViolations(page, { include: '[data-testid="conflict-dialog"]' })).toEqual([]);
  await dialog.getByRole('button', { name: '저장된 값 받기' }).click();
  await expect(page.getByText('저장된 값을 불러왔습니다.', { exact: false })).toBeVisible();
  // Nothing was decided on terms the owner had not seen; the list now shows what is stored, and that is approved.
  expect((await (await request.get(`/api/proposals/${proposal.id}`, { headers: agent })).json()).status).toBe('pending_approval');
  await expect(item.getByTestId('changes-vs-asking').locator('[data-field="rentPerM2Krw"]')).toContainText('₩35,000');
  await item.getByRole('button', { name: '승인' }).click();
  await expect(item).toBeHidden();
  expect((await (await request.get(`/api/proposals/${proposal.id}`, { headers: agent })).json()).status).toBe('approved');
});
