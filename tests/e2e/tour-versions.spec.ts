import { test, expect, axeViolations } from './fixtures';
import type { APIRequestContext } from '@playwright/test';
import { seoulInstant, type Tour } from '../../src/shared/tours.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';
import { apiToken, inquiryOpened, openAdmin } from './support/islands.ts';
import { officeDayAhead } from '../support/office-days.ts';

/** An inquiry with a tour the owner hosts, booked through the API (the next free start when another test holds the slot). */
async function bookedTour(request: APIRequestContext, token: string, dayAhead: number): Promise<Tour> {
  const auth = { Authorization: `Bearer ${token}` };
  const unitNumber = `V${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const unit = await request.post('/api/units', { headers: auth, data: { floor: '8F', unitNumber, exclusiveAreaM2: 90, supplyAreaM2: 150, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {} } });
  expect(unit.status(), await unit.text()).toBe(201);
  const inquiry = await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: '이서연', email: `tour-${unitNumber.toLowerCase()}@example.com`, phone: '010-1234-5678', message: '8층 투어를 원합니다.', attachments: [], locale: 'ko' } });
  expect(inquiry.status(), await inquiry.text()).toBe(201);
  const inquiryId = ((await inquiry.json()) as { id: string }).id;
  let startsAt = seoulInstant(officeDayAhead(dayAhead), '10:00').toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const booked = await request.post(`/api/inquiries/${inquiryId}/tours`, { headers: auth, data: { startsAt, durationMinutes: 30, unitIds: [((await unit.json()) as { id: string }).id] } });
    if (booked.status() === 201) return (await booked.json()) as Tour;
    const refused = (await booked.json()) as { error: { code: string; nextFree?: string[] } };
    expect(refused.error.code).toBe('slot_unavailable');
    startsAt = refused.error.nextFree![0]!;
  }
  throw new Error('no free slot for the owner');
}

test.describe('a tour two people change at once (issue 28, lost updates)', () => {
  test('the second tab cancels a tour the first one moved: it is asked, sees the new time, and the move survives', async ({ page, context, request }, info) => {
    test.info().setTimeout(180_000);
    const token = await apiToken(request);
    const tour = await bookedTour(request, token, info.project.name.includes('mobile') ? 12 : 11);
    const day = new Date(new Date(tour.startsAt).getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

    await openAdmin(page, `/admin?inquiry=${tour.inquiryId}`);
    const first = page.getByTestId('inquiry-detail');
    await expect(first.getByTestId('tour-item')).toBeVisible({ timeout: 60_000 });
    // The second tab (same person, same session) opens the same inquiry before the first one saves.
    const other = await context.newPage();
    await other.goto(`/admin?inquiry=${tour.inquiryId}`);
    const second = other.getByTestId('inquiry-detail');
    await expect(second.getByTestId('tour-item')).toBeVisible({ timeout: 60_000 });
    await inquiryOpened(other);

    // Tab 1 moves the tour to 14:00.
    await first.getByTestId('tour-item').getByRole('button', { name: '일정 변경' }).click();
    await first.getByTestId('tour-item').getByLabel('시작').selectOption('14:00');
    await first.getByTestId('tour-item').getByRole('button', { name: '저장하고 변경 안내 보내기' }).click();
    await expect(page.getByTestId('toast')).toContainText('투어를 변경했습니다');
    await expect(first.getByTestId('tour-item')).toContainText('14:00–14:30');

    // Tab 2, still showing the old time, cancels: nothing is cancelled yet; it is shown the move first.
    const item = second.getByTestId('tour-item');
    await expect(item).not.toContainText('14:00');
    await item.getByRole('button', { name: '투어 취소' }).click();
    await item.getByLabel('취소 사유').fill('고객 일정 변경');
    await item.getByRole('button', { name: '취소하고 알리기' }).click();
    const dialog = other.getByTestId('conflict-dialog');
    await expect(dialog.getByRole('heading', { name: '다른 사람이 먼저 저장했습니다' })).toBeVisible();
    await expect(dialog).toContainText('이 투어를 연 뒤');
    const start = dialog.locator('fieldset[data-field="startsAt"]');
    await expect(start).toContainText('시작');
    await expect(start).toContainText('다른 사람이 바꿈');
    await expect(start.locator('[data-side="theirs"]')).toContainText('14:00');
    await expect(start.locator('[data-side="mine"]')).not.toContainText('14:00');
    await expect(start.getByRole('radio', { name: /저장된 값/ })).toBeChecked();
    const status = dialog.locator('fieldset[data-field="status"]');
    await expect(status.locator('[data-side="mine"]')).toHaveText('취소');
    await expect(status.locator('[data-side="theirs"]')).toHaveText('예정');
    expect(await axeViolations(other, { include: '[data-testid="conflict-dialog"]' })).toEqual([]);

    // Going on editing cancels nothing.
    await dialog.getByRole('button', { name: '닫고 계속 편집' }).click();
    await expect(dialog).toBeHidden();
    const stillScheduled = (await (await request.get(`/api/tours/${tour.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Tour;
    expect(stillScheduled.status).toBe('scheduled');

    // Saving as chosen: the cancellation lands on the moved tour (their time, my cancellation), checked again.
    await item.getByRole('button', { name: '취소하고 알리기' }).click();
    await dialog.getByRole('button', { name: '고른 대로 합쳐 저장' }).click();
    await expect(other.getByTestId('toast')).toContainText('투어를 취소했습니다');
    const stored = (await (await request.get(`/api/tours/${tour.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Tour;
    expect(stored.status).toBe('cancelled');
    expect(stored.cancelReason).toBe('고객 일정 변경');
    expect(stored.startsAt).toBe(seoulInstant(day, '14:00').toISOString());
  });
});
