import { axeViolations, expect } from './fixtures.ts';
import { islandsReady, uniqueName } from './support/islands.ts';
import { signInAsOwner, test } from './support/mail-server.ts';
import { plain, subjectOf } from '../support/smtp.ts';

// Pending invitations are resent and revoked from the team tab (issue 28), on this worker's mail server.

const linkIn = (text: string) => text.match(/http:\/\/localhost:\d+\/admin#invitation=[A-Za-z0-9_-]+/)?.[0];

test('the owner resends an invitation (the old link stops working) and then revokes it after confirming', async ({ page, browser, mailServer }) => {
  test.setTimeout(120_000);
  const name = uniqueName('Jun');
  const email = `jun-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@btower.example`;
  /** The invitation links mailed to the invitee so far, oldest first. */
  const links = () => mailServer.smtp.mails.filter((m) => m.to.includes(email) && subjectOf(m.raw).includes('임대 관리 팀에 초대했습니다')).map((m) => linkIn(plain(m.raw)));

  await signInAsOwner(page);
  await page.getByRole('tab', { name: '팀 관리' }).click();
  const invite = page.getByRole('form', { name: '팀원 초대' });
  await invite.getByLabel('이름').fill(name);
  await invite.getByLabel('이메일').fill(email);
  await invite.getByRole('button', { name: '초대 메일 보내기' }).click();
  await expect(page.getByTestId('toast')).toContainText(`${email}로 초대 메일을 보냈습니다.`);
  await expect.poll(() => links().length).toBe(1);
  const row = page.getByTestId('pending-invitation').filter({ hasText: email });
  await expect(row).toHaveCount(1);

  // Resend: a second mail with a new link; the pending list still shows one invitation for the person.
  await row.getByRole('button', { name: `${name}에게 초대 다시 보내기` }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '새 초대 메일을 보냈습니다' })).toContainText(`${email}로 새 초대 메일을 보냈습니다. 이전 링크는 더 이상 쓸 수 없습니다.`);
  await expect.poll(() => links().length).toBe(2);
  const [oldLink, newLink] = links();
  expect(oldLink).toBeTruthy();
  expect(newLink).toBeTruthy();
  expect(newLink).not.toBe(oldLink);
  await expect(row).toHaveCount(1);

  // The first mail's link is refused when the invitee tries it.
  const context = await browser.newContext({ baseURL: mailServer.origin, viewport: page.viewportSize() });
  const invitee = await context.newPage();
  /** The invitee opens a mailed link and tries to join with it: the page refuses the link. */
  const refusedToJoin = async (link: string) => {
    await invitee.goto(link);
    await islandsReady(invitee);
    await invitee.getByLabel('사용자 이름').fill(email.split('@')[0]!);
    await invitee.getByLabel('새 비밀번호').fill('Jun-leases-B-tower');
    await invitee.getByRole('button', { name: '가입하고 로그인' }).click();
    await expect(invitee.getByRole('alert')).toContainText('이 링크는 이미 사용되었거나 만료되었거나 새 링크로 바뀌었습니다.');
  };
  await refusedToJoin(oldLink!);

  // Revoke asks first, naming the person; keeping it changes nothing.
  await row.getByRole('button', { name: `${name}의 초대 취소` }).click();
  const confirm = page.getByTestId('invitation-confirm');
  await expect(confirm.getByRole('heading')).toHaveText(`${name}의 초대를 취소할까요?`);
  await expect(confirm).toContainText(email);
  // Focus starts on keeping it (a revoke takes something away), and the list and the dialog pass axe.
  await expect(confirm.getByRole('button', { name: '그대로 두기' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: '그대로 두기' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `${name}의 초대 취소` }).click();
  await confirm.getByRole('button', { name: '초대 취소' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '초대를 취소했습니다' })).toContainText(`${name}의 초대를 취소했습니다.`);
  await expect(row).toHaveCount(0);

  // The resent link no longer works either (revoked).
  await invitee.goto('about:blank');
  await refusedToJoin(newLink!);
  await context.close();
});
