import { test, expect } from './fixtures';
import { islandsReady, openAdmin, personFillTimePassed, uniqueName, uploadInDialog, acknowledgeNotice } from './support/islands.ts';
import { createUnit } from './support/units.ts';

test('an inquiry about a space ticks its floor among the desired floors; a link naming it by its old id still works', { tag: '@any-viewport' }, async ({ page }) => {
  const unit = await createUnit(page.request, { floor: '7F' });
  // A link made before contact addresses named spaces by floor and number.
  await page.goto(`/en/contact?unit=${unit.id}#inquiry-form`);
  await islandsReady(page);
  await expect(page.getByTestId('unit-chip')).toContainText(`Floor 7, Unit ${unit.unitNumber}`);
  await page.getByText('Tell us more (optional)').click();
  await expect(page.getByRole('checkbox', { name: 'Floor 7', exact: true })).toBeChecked();
  await expect(page.locator('input[name="desiredFloors"]:checked')).toHaveCount(1);
});

test('after sending, the visitor sees what was sent and a reference number the leasing team sees too', { tag: '@any-viewport' }, async ({ page }) => {
  const unit = await createUnit(page.request, { floor: '9F' });
  const name = uniqueName('Summary Visitor');
  await page.goto(`/contact?unit=${unit.id}#inquiry-form`);
  await islandsReady(page);
  await page.getByLabel('이름').fill(name);
  await page.getByLabel('연락처').fill('010-2345-6789');
  await page.getByLabel('이메일').fill('summary@example.com');
  await page.getByLabel('문의 내용').fill('9층 공간 견학을 원합니다.');
  await page.getByRole('button', { name: '파일 첨부' }).click();
  await uploadInDialog(page, [{ name: '사업자등록증.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nregistration') }]);
  await expect(page.getByTestId('attachment-list').locator('li[data-state="uploaded"]')).toHaveCount(1, { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await acknowledgeNotice(page);
  await personFillTimePassed(page);

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST'),
    page.getByRole('button', { name: '문의하기' }).click(),
  ]);
  const { id } = (await response.json()) as { id: string };
  const reference = id.slice(0, 8).toUpperCase();
  // The spec's toast still comes; the summary stays and takes focus.
  await expect(page.getByTestId('toast')).toContainText('문의가 성공적으로 전송되었습니다.');
  const summary = page.getByTestId('inquiry-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading')).toHaveText('문의를 보냈습니다');
  await expect(summary.getByTestId('inquiry-reference')).toHaveText(reference);
  for (const text of [name, 'summary@example.com', '010-2345-6789', `9층 ${unit.unitNumber}호`, '사업자등록증.pdf']) await expect(summary).toContainText(text);
  // The form itself is empty for a next inquiry (spec §4).
  await expect(page.getByLabel('이름')).toHaveValue('');

  await openAdmin(page, `/admin?inquiry=${id}`);
  await expect(page.getByTestId('inquiry-detail').getByTestId('inquiry-reference')).toHaveText(`접수 번호 ${reference}`);
});
