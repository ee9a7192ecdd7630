import { atom } from 'nanostores';
import { $adminToken } from './stores.ts';

/**
 * Whether the inbox's first page has arrived (or could not, or the inbox was left before it did) since
 * sign-in. The list is what the team waits for after signing in (issue 29: painted ≤ 150 ms), so what only
 * fills in around it — who I am (`/api/admin/me`) and the people to assign to — is asked for after it and
 * never queues in front of it on the server. Back to false when the session ends.
 */
export const $inboxFirstPage = atom(false);

export function inboxFirstPageDone(): void {
  if (!$inboxFirstPage.get()) $inboxFirstPage.set(true);
}

$adminToken.subscribe((token) => {
  if (!token) $inboxFirstPage.set(false);
});
