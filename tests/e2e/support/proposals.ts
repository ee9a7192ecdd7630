import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { islandsReady, uniqueName } from './islands.ts';
import { uniqueUnitNumber } from './units.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD } from './mail-server.ts';
import { NOTICE_VERSION } from '../../support/privacy.ts';

/**
 * What a proposal journey starts from (tests/e2e/proposals.spec.ts, proposal-approvals.spec.ts): made through the API
 * as staff and a visitor make them.
 */
const OWNER_EMAIL = 'owner@btower.example';

export interface ProposalSetup {
  owner: Record<string, string>;
  agent: { username: string; password: string };
  unitId: string;
  unitNumber: string;
  inquiryId: string;
  prospect: string;
}

/** The owner (with an address), an agent, the research's worked-example space on 10F and an inquiry about it. */
export async function proposalSetUp(request: APIRequestContext): Promise<ProposalSetup> {
  const token = (await (await request.post('/api/admin/login', { data: { password: PASSWORD } })).json()).token as string;
  const owner = { Authorization: `Bearer ${token}` };
  await request.patch('/api/admin/me', { headers: owner, data: { email: OWNER_EMAIL } });
  const username = `agent-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const agent = { username, password: `Tower-${Math.random().toString(36).slice(2, 10)}-lease` };
  expect((await request.post('/api/admin/users', { headers: owner, data: { username, name: '김민지', email: `${username}@btower.example`, role: 'agent', password: agent.password } })).status()).toBe(201);
  const agentId = ((await (await request.get('/api/admin/users', { headers: owner })).json()) as { id: string; username: string }[]).find((user) => user.username === username)!.id;
  const unitNumber = uniqueUnitNumber('10F');
  const unit = await request.post('/api/units', {
    headers: owner,
    data: { floor: '10F', unitNumber, exclusiveAreaM2: 275, supplyAreaM2: 500, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000, pricePublic: true, plan: null, note: {} },
  });
  expect(unit.status()).toBe(201);
  const unitId = (await unit.json()).id as string;
  const prospect = `${uniqueName('prospect').replace(/\W+/g, '-')}@example.com`;
  const inquiry = await request.post('/api/inquiries', {
    data: { privacyNoticeVersion: NOTICE_VERSION, name: 'Jane Doe', email: prospect, phone: '010-1234-5678', message: 'We would like 10F for our Seoul office.', attachments: [], company: 'Acme Ltd', locale: 'en', unitId },
  });
  const inquiryId = (await inquiry.json()).id as string;
  await request.patch(`/api/inquiries/${inquiryId}`, { headers: owner, data: { assigneeId: agentId } });
  return { owner, agent, unitId, unitNumber, inquiryId, prospect };
}

/** Signs in on the login card that /admin?… shows, as `username` (the bootstrap owner has none) with `password`. */
export async function signInAt(page: Page, path: string, password: string, username?: string) {
  await page.goto(path);
  await islandsReady(page);
  if (username) await page.getByLabel('사용자 이름').fill(username);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

