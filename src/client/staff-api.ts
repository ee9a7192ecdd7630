import type { AuditEvent } from '../shared/audit.ts';
import type { AccessRecord, AccessReviewState } from '../shared/access.ts';
import type { Settings } from '../shared/settings.ts';
import type { TotpSetup } from '../shared/second-factor.ts';
import type { PrivacyRequest } from '../shared/privacy/requests.ts';
import type { Versioned } from '../shared/versions.ts';
import type { Assignee, Me, PasskeyInfo, PendingInvitation, SessionInfo, StaffUser } from '../shared/staff.ts';
import type { Role } from '../shared/roles.ts';
import type { Locale } from '../i18n/locales.ts';
import { ApiError, apiRead, apiWrite, readUrl } from './api.ts';
import { $adminToken } from './stores.ts';
import { saveAsFile } from './inbox/api.ts';

/** The calls of the team, account and activity tabs (docs/api/staff.md). */
export const readUsers = () => apiRead<StaffUser[]>(['/api/admin/users']);
export const readInvitations = () => apiRead<PendingInvitation[]>(['/api/admin/invitations']);
export const readAssignees = () => apiRead<Assignee[]>(['/api/admin/assignees']);
export const patchUser = (id: string, patch: { name?: string; role?: Role; active?: boolean }, version?: number) =>
  apiWrite<StaffUser>('PATCH', `/api/admin/users/${id}`, patch, version === undefined ? {} : { version });
export const invite = (input: { email: string; name: string; role: Role; locale: Locale }) =>
  apiWrite<{ invitation: PendingInvitation; mail: 'queued' | 'off'; link?: string }>('POST', '/api/admin/invitations', input);
export const revokeInvitation = (id: string) => apiWrite('DELETE', `/api/admin/invitations/${id}`);
export const resendInvitation = (id: string) =>
  apiWrite<{ invitation: PendingInvitation; mail: 'queued' | 'off'; link?: string }>('POST', `/api/admin/invitations/${id}/resend`);

export const patchMe = (patch: { name?: string; email?: string; locale?: Locale }) => apiWrite<Me>('PATCH', '/api/admin/me', patch);
export const changePassword = (currentPassword: string, password: string) => apiWrite('POST', '/api/admin/me/password', { currentPassword, password });
export const readSessions = () => apiRead<SessionInfo[]>(['/api/admin/sessions']);
export const endSession = (id: string) => apiWrite('DELETE', `/api/admin/sessions/${id}`);
export const readPasskeys = () => apiRead<PasskeyInfo[]>(['/api/admin/passkeys']);
export const removePasskey = (id: string) => apiWrite('DELETE', `/api/admin/passkeys/${encodeURIComponent(id)}`);

/** Makes a passkey on this device for me (the WebAuthn library is loaded only now). */
export async function addPasskey(name: string): Promise<PasskeyInfo> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { challengeId, options } = await apiWrite<{ challengeId: string; options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>('POST', '/api/admin/passkeys/register/options');
  const response = await startRegistration({ optionsJSON: options });
  return apiWrite<PasskeyInfo>('POST', '/api/admin/passkeys/register/verify', { challengeId, response, ...(name.trim() ? { name: name.trim() } : {}) });
}

/** My TOTP: a pending key, its first code (→ the recovery codes, once), turning it off with a code. */
export const startTotp = () => apiWrite<TotpSetup>('POST', '/api/admin/me/totp');
export const confirmTotp = (code: string) => apiWrite<{ recoveryCodes: string[] }>('POST', '/api/admin/me/totp/confirm', { code });
export const turnOffTotp = (code: string) => apiWrite('DELETE', '/api/admin/me/totp', { code });
export const renewRecoveryCodes = (code: string) => apiWrite<{ recoveryCodes: string[] }>('POST', '/api/admin/me/totp/recovery-codes', { code });
/** The owner's: a lost phone (the person's TOTP, recovery codes and passkeys go). */
export const resetSecondFactor = (id: string) => apiWrite('DELETE', `/api/admin/users/${id}/second-factor`);

export const requestPasswordReset = (email: string) => apiWrite('POST', '/api/admin/password-reset', { email });
export const confirmPasswordReset = (token: string, password: string) => apiWrite('POST', '/api/admin/password-reset/confirm', { token, password });
/** Whether a reset link is still usable; rejects with 400 `invalid_token` when it was used, replaced or expired. */
export const checkResetLink = (token: string) => apiWrite('POST', '/api/admin/password-reset/check', { token });

export const readSettings = () => apiRead<Settings & Versioned>(['/api/admin/settings']);
export const patchSettings = (patch: Partial<Settings>, version?: number) =>
  apiWrite<Settings & Versioned>('PATCH', '/api/admin/settings', patch, version === undefined ? {} : { version });
/** An owner's action on a request, based on the version the list showed (If-Match): another owner's action first is 409 `conflict`. */
export const privacyRequestAction = (id: string, body: { action: string; note?: string | null; fields?: Record<string, string> }, version?: number) =>
  apiWrite<PrivacyRequest>('POST', `/api/admin/privacy-requests/${id}/actions`, body, version === undefined ? {} : { version });
export const destroyInquiryNow = (id: string) => apiWrite<unknown>('POST', `/api/inquiries/${id}/destroy`);

export type AuditFilters = Partial<Record<'kind' | 'actor' | 'entity' | 'from' | 'to', string>>;

/** An owner marks a month's access review done (recorded in the activity log). */
export const markReviewDone = (month: string) => apiWrite<AccessReviewState>('POST', `/api/admin/access-reviews/${month}/done`);

function bearer(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = $adminToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** One page of the activity log; `next` is the Link header's URL of the next page. */
export async function readAuditPage(filters: AuditFilters, next?: string): Promise<{ items: (AuditEvent | AccessRecord)[]; next: string | null }> {
  const response = await fetch(next ?? readUrl(['/api/admin/audit', { ...filters }]), { headers: bearer() });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const link = response.headers.get('Link')?.match(/<([^>]+)>;\s*rel="next"/);
  return { items: (await response.json()) as (AuditEvent | AccessRecord)[], next: link?.[1] ?? null };
}

/** Downloads the filtered log as CSV (a plain link cannot carry the bearer token). */
export async function downloadAuditCsv(filters: AuditFilters, lang: string): Promise<void> {
  const response = await fetch(readUrl(['/api/admin/audit/export', { ...filters, lang }]), { headers: bearer() });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  await saveAsFile(response, 'activity.csv');
}
