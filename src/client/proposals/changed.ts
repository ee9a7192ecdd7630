import { atom } from 'nanostores';

/**
 * Bumped when a proposal of an inquiry is made elsewhere than its own section (a lease's renewal, issue 40): the
 * inquiry's proposals section reads its versions again, so the new one shows where proposals are worked.
 */
export const $proposalsChanged = atom<{ inquiryId: string; at: number } | null>(null);

export function proposalsChanged(inquiryId: string): void {
  $proposalsChanged.set({ inquiryId, at: Date.now() });
}
