import { ApiError, apiWrite } from '../api.ts';
import { saveAsFile } from '../inbox/api.ts';
import { $adminToken } from '../stores.ts';
import type { Lease, LeaseAmendmentInput, LeaseCreate, LeasePatch, LeaseSign } from '../../shared/leases/lease.ts';

/**
 * The panel's side of the lease API (docs/api/leases.md). A lease's `version` is its lost-update counter (ETag,
 * If-Match: decision 033); status changes by date do not count, so a lease read yesterday can still be edited.
 */

/** A lease as the API answers one: with what its draft still lacks for signing (field → message key). */
export type LeaseRecord = Lease & { problems?: Record<string, string> };

/** One entry of a lease's history (GET /api/leases/{id}/history). */
export interface LeaseHistoryEntry {
  at: string;
  by: string | null;
  action: string;
  entity: string;
  changes: Record<string, [unknown, unknown] | null>;
}

export const inquiryLeasesPath = (inquiryId: string) => `/api/inquiries/${inquiryId}/lease`;
export const leasePath = (id: string) => `/api/leases/${id}`;
export const leaseHistoryPath = (id: string) => `/api/leases/${id}/history`;
export const LEASES_PATH = '/api/leases';

/** Opens the inquiry's lease: from its accepted proposal (the named one, else the latest), or an owner's override. */
export const openLease = (inquiryId: string, body: LeaseCreate) => apiWrite<LeaseRecord>('POST', inquiryLeasesPath(inquiryId), body);

/** A draft's change, or a signed lease's contacts, on the version shown. */
export const patchLease = (id: string, patch: LeasePatch, version: number) => apiWrite<LeaseRecord>('PATCH', leasePath(id), patch, { version });

/** Discards a draft opened by mistake. */
export const discardLease = (id: string, version: number) => apiWrite<null>('DELETE', leasePath(id), undefined, { version });

/** Owners: the signing day and the signed PDF (an uploaded `lease` object) make the draft signed. */
export const signLease = (id: string, body: LeaseSign, version: number) => apiWrite<LeaseRecord>('POST', `${leasePath(id)}/sign`, body, { version });

/** Owners: the terms changed from a date, with the reason. */
export const amendLease = (id: string, body: LeaseAmendmentInput, version: number) => apiWrite<LeaseRecord>('POST', `${leasePath(id)}/amendments`, body, { version });

/** A 5-minute link to the signed PDF (the activity log records that it was asked for). */
export const documentLink = (id: string, lang: string) => apiWrite<{ url: string }>('POST', `${leasePath(id)}/document/link?lang=${encodeURIComponent(lang)}`);

/** Saves the schedule as CSV in the panel's language: a plain link cannot carry the bearer token. */
export async function downloadScheduleCsv(id: string, lang: string): Promise<void> {
  const token = $adminToken.get();
  const response = await fetch(`${leasePath(id)}/schedule?format=csv&lang=${encodeURIComponent(lang)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  await saveAsFile(response, `lease-${id.slice(0, 8)}-schedule.csv`);
}
