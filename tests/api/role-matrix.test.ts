import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import audit from '../../functions/admin-audit.ts';
import invitations from '../../functions/admin-invitations.ts';
import login from '../../functions/admin-login.ts';
import logout from '../../functions/admin-logout.ts';
import me from '../../functions/admin-me.ts';
import passkeys from '../../functions/admin-passkeys.ts';
import passwordReset from '../../functions/admin-password-reset.ts';
import sessions from '../../functions/admin-sessions.ts';
import settings from '../../functions/admin-settings.ts';
import users from '../../functions/admin-users.ts';
import privacyAdmin from '../../functions/admin-privacy-requests.ts';
import privacyRequests from '../../functions/privacy-requests.ts';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import multipart from '../../functions/objects-multipart.ts';
import setPublic from '../../functions/objects-set-public.ts';
import upload from '../../functions/objects-upload.ts';
import units from '../../functions/units.ts';
import privacyNotice from '../../functions/privacy-notice.ts';
import tours from '../../functions/tours.ts';
import proposals from '../../functions/proposals.ts';
import dealRates from '../../functions/deal-rates.ts';
import proposalLinks from '../../functions/proposal-links.ts';
import { offerA } from '../support/proposals.ts';
import leases from '../../functions/leases.ts';
import calendarFeed from '../../functions/calendar-feed.ts';
import { officeHolidays } from '../../src/server/inquiries/response-time.ts';
import { isOfficeDay, koreanDay } from '../../src/shared/business-hours.ts';
import { addDays, seoulInstant } from '../../src/shared/tours.ts';
import reports from '../../functions/reports.ts';
import brandDirectory from '../../functions/brand-directory.ts';
import { can, type Permission } from '../../src/shared/roles.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, inquiryBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { builtBrandsPage, useBuiltSite } from '../support/built-site.ts';
import { signIn, staffAccount, strongPassword, type TestAccount } from '../support/staff.ts';

/** Who sends each request: the three roles, a deactivated agent (with the token they had) and nobody. */
const CALLERS = ['owner', 'agent', 'viewer', 'deactivated', 'nobody'] as const;
type Caller = (typeof CALLERS)[number];
type Answer = { status: number; json: { error?: { code?: string } } | null };

/** A GET whose success is a file (CSV), not JSON: its status, and the error body when it is one. */
async function getFile(handler: (req: Request, context: never) => Promise<Response>, path: string, token?: string): Promise<Answer> {
  const response = await handler(new Request(`http://127.0.0.1${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }), { ip: randomUUID(), params: {} } as never);
  const text = await response.text();
  return { status: response.status, json: response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : null };
}

interface RouteCase {
  route: string;
  /** The action the route performs (src/shared/roles.ts), or public: everyone gets the same answer. */
  access: Permission | 'public';
  /** What a caller who may gets (with its error code when that answer is an error by design). */
  ok: number;
  okCode?: string;
  send(caller: Caller, token: string | undefined): Promise<Answer>;
}

const unitBody = (overrides: Record<string, unknown> = {}) => ({
  floor: '5F',
  // A number on 5F (5xx, as the floor rule wants) with a random suffix, so the matrix's many creations never collide.
  unitNumber: `5${String(Math.floor(Math.random() * 100)).padStart(2, '0')}-${Math.random().toString(36).slice(2, 5).padEnd(3, '0')}`,
  exclusiveAreaM2: 99.17,
  supplyAreaM2: 165.29,
  uses: ['Office'],
  status: 'available',
  availableFrom: '2026-03-01',
  monthlyRent: 4_500_000,
  deposit: 45_000_000,
  maintenanceFee: 900_000,
  pricePublic: false,
  plan: null,
  note: {},
  ...overrides,
});

/** Answers the matrix expects: 401 for nobody and the deactivated, 403 for a role that may not, else `ok`. */
function expected(route: RouteCase, caller: Caller): { status: number; code?: string } {
  if (route.access === 'public') return { status: route.ok, code: route.okCode };
  if (caller === 'nobody') return { status: 401, code: 'unauthorized' };
  // The holder of a deactivated account's session is told so (issue 28), not sent to sign in again.
  if (caller === 'deactivated') return { status: 401, code: 'account_deactivated' };
  return can(caller, route.access) ? { status: route.ok, code: route.okCode } : { status: 403, code: 'forbidden' };
}

describe.each(availableBackends({ neon: true }))('role matrix: every admin route as owner, agent, viewer, a deactivated user and nobody, on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  const accounts = {} as Record<'owner' | 'agent' | 'viewer' | 'deactivated', TestAccount>;
  let thumbnail = '';
  let inquiryId = '';

  let tourUnit = '';
  /** Tours are booked on an inquiry of their own, so the inbox routes' status changes stay theirs. */
  let tourInquiryId = '';
  let ended = 0;
  /** Tours follow each other 45 minutes apart (30 + the 15-minute buffer) from the second office day on. */
  let slot = { day: koreanDay(new Date()), minute: 17 * 60 };
  const nextSlot = () => {
    slot.minute += 45;
    if (slot.minute + 30 > 18 * 60) {
      let day = addDays(slot.day, 1);
      while (!isOfficeDay(day, officeHolidays()) || day <= addDays(koreanDay(new Date()), 1)) day = addDays(day, 1);
      slot = { day, minute: 9 * 60 };
    }
    return seoulInstant(slot.day, `${String(Math.floor(slot.minute / 60)).padStart(2, '0')}:${String(slot.minute % 60).padStart(2, '0')}`).toISOString();
  };
  const tourBody = () => ({ startsAt: nextSlot(), durationMinutes: 30, unitIds: [tourUnit], hostId: accounts.agent.id });
  const newTour = async () => (await call(tours, 'POST', `/api/inquiries/${tourInquiryId}/tours`, { token: admin, body: tourBody() })).json.id as string;
  /** A tour that ended a day or more ago, each an hour before the last (moved back as the clock would have), waiting for its outcome. */
  const endedTour = async () => {
    const id = await newTour();
    ended += 1;
    const start = new Date(Date.now() - 86_400_000 - ended * 3_600_000);
    await ctx.db.updateTable('tours').set({ startsAt: start, endsAt: new Date(start.getTime() + 1_800_000), busyUntil: new Date(start.getTime() + 2_700_000) }).where('id', '=', id).execute();
    return id;
  };

  /** Proposals (issue 39) are drafted on an inquiry of their own, for a space with asking prices. */
  let proposalInquiryId = '';
  let proposalUnit = '';
  const draftBody = (overrides = {}) => ({ unitIds: [proposalUnit], terms: offerA({ depositKrw: 45_000_000, rentPerM2Krw: 27_225, maintenancePerM2Krw: 5_445, ...overrides }) });
  const newDraft = async (token = admin) => (await call(proposals, 'POST', `/api/inquiries/${proposalInquiryId}/proposals`, { token, body: draftBody() })).json.id as string;
  /** A draft an agent submitted with TI (a rule hit): it waits for an owner other than its submitter. */
  const pendingProposal = async () => {
    const id = (await call(proposals, 'POST', `/api/inquiries/${proposalInquiryId}/proposals`, { token: accounts.agent.token, body: draftBody({ tiKrw: 1_000_000 }) })).json.id as string;
    await call(proposals, 'POST', `/api/proposals/${id}/submit`, { token: accounts.agent.token });
    return id;
  };

  /** A draft at the space's asking terms (no rule hit), submitted by the admin: approved, ready to send. */
  const approvedProposal = async () => {
    const id = await newDraft();
    await call(proposals, 'POST', `/api/proposals/${id}/submit`, { token: admin });
    return id;
  };

  /** A live invitation made by the admin, for one caller to revoke or resend. */
  const pendingInvitation = async () =>
    (await call(invitations, 'POST', '/api/admin/invitations', { token: admin, body: { email: `pending-${randomUUID().slice(0, 8)}@btower.example`, name: 'Pending', role: 'viewer' } })).json.invitation.id as string;

  /** A draft lease of a fresh space and inquiry, filled in as signing needs it (issue 40). */
  const leaseDraft = async () => {
    const unitId = await newUnit();
    const inquiry = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId, company: '(주)매트릭스' }) })).json.id as string;
    const opened = (await call(leases, 'POST', `/api/inquiries/${inquiry}/lease`, { token: admin, body: { overrideReason: 'Role matrix' } })).json;
    return (await call(leases, 'PATCH', `/api/leases/${opened.id}`, { token: admin, body: { tenant: { businessNumber: '124-81-00998', representative: '대표' } } })).json as { id: string; inquiryId: string; version: number };
  };
  const signedLease = async () => {
    const draft = await leaseDraft();
    return (await call(leases, 'POST', `/api/leases/${draft.id}/sign`, { token: admin, body: { signedOn: koreanDay(new Date()), documentPath: await uploaded('lease') } })).json as { id: string; version: number; terms: { startDate: string } };
  };
  const leaseInquiry = async () => (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ unitId: await newUnit() }) })).json.id as string;

  const tokenOf = (caller: Caller) => (caller === 'nobody' ? undefined : accounts[caller].token);
  const newBrand = async () => (await call(brands, 'POST', '/api/brands', { token: admin, body: brandBody(thumbnail, { name: `Brand ${randomUUID()}` }) })).json.id as string;
  const newUnit = async () => (await call(units, 'POST', '/api/units', { token: admin, body: unitBody() })).json.id as string;
  /** A second session of the caller's account (to be signed out), or a made-up id for those who have none. */
  const secondSession = async (caller: Caller) => {
    if (caller === 'nobody' || caller === 'deactivated') return randomUUID();
    const token = await signIn(accounts[caller].username, accounts[caller].password);
    const list = (await call(sessions, 'GET', '/api/admin/sessions', { token })).json as { id: string; current: boolean }[];
    return list.find((session) => session.current)!.id;
  };
  /** A fresh session to sign out with (a caller's own token must survive the matrix). */
  const freshToken = async (caller: Caller) =>
    caller === 'nobody' || caller === 'deactivated' ? tokenOf(caller) : signIn(accounts[caller].username, accounts[caller].password);

  const ROUTES: RouteCase[] = [
    // Brands
    { route: 'POST /api/brands', access: 'brands.write', ok: 201, send: (_, token) => call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { name: `Brand ${randomUUID()}` }) }) },
    { route: 'PUT /api/brands/{id}', access: 'brands.write', ok: 200, send: async (_, token) => call(brands, 'PUT', `/api/brands/${await newBrand()}`, { token, body: brandBody(thumbnail, { name: 'Renamed' }) }) },
    { route: 'PATCH /api/brands/{id} (directory state)', access: 'brands.write', ok: 200, send: async (_, token) => call(brands, 'PATCH', `/api/brands/${await newBrand()}`, { token, body: { directoryState: 'hidden' } }) },
    { route: 'GET /api/brands?audience=team', access: 'brands.read', ok: 200, send: (_, token) => call(brands, 'GET', '/api/brands?audience=team', { token }) },
    { route: 'DELETE /api/brands/{id}', access: 'brands.write', ok: 204, send: async (_, token) => call(brands, 'DELETE', `/api/brands/${await newBrand()}`, { token }) },
    {
      route: 'POST /api/brands/{id}/restore', access: 'brands.write', ok: 200,
      send: async (_, token) => {
        const id = await newBrand();
        await call(brands, 'DELETE', `/api/brands/${id}`, { token: admin });
        return call(brands, 'POST', `/api/brands/${id}/restore`, { token });
      },
    },
    // Units (the list and one unit are public; with a bearer they show every price, so the bearer is checked)
    { route: 'GET /api/units (with a bearer)', access: 'units.read', ok: 200, send: (_, token) => call(units, 'GET', '/api/units', { token: token ?? 'x'.repeat(43) }) },
    { route: 'GET /api/units/{id} (with a bearer)', access: 'units.read', ok: 200, send: async (_, token) => call(units, 'GET', `/api/units/${await newUnit()}`, { token: token ?? 'x'.repeat(43) }) },
    { route: 'POST /api/units', access: 'units.write', ok: 201, send: (_, token) => call(units, 'POST', '/api/units', { token, body: unitBody() }) },
    { route: 'PUT /api/units/{id}', access: 'units.write', ok: 200, send: async (_, token) => call(units, 'PUT', `/api/units/${await newUnit()}`, { token, body: unitBody({ status: 'negotiating' }) }) },
    { route: 'DELETE /api/units/{id}', access: 'units.write', ok: 204, send: async (_, token) => call(units, 'DELETE', `/api/units/${await newUnit()}`, { token }) },
    {
      route: 'POST /api/units/{id}/restore', access: 'units.write', ok: 200,
      send: async (_, token) => {
        const id = await newUnit();
        await call(units, 'DELETE', `/api/units/${id}`, { token: admin });
        return call(units, 'POST', `/api/units/${id}/restore`, { token });
      },
    },
    // Uploads
    { route: 'POST /api/objects/upload (thumbnail)', access: 'uploads.write', ok: 201, send: (_, token) => call(upload, 'POST', '/api/objects/upload', { token, body: { purpose: 'thumbnail', filename: 'logo.png', size: 100, type: 'image/png' } }) },
    { route: 'POST /api/objects/multipart (plan)', access: 'uploads.write', ok: 201, send: (_, token) => call(multipart, 'POST', '/api/objects/multipart', { token, body: { purpose: 'plan', filename: 'plan.png', size: 100, type: 'image/png' } }) },
    { route: 'POST /api/objects/set-public', access: 'uploads.write', ok: 200, send: async (_, token) => call(setPublic, 'POST', '/api/objects/set-public', { token, body: { objectPath: await uploaded('thumbnail') } }) },
    // The inbox
    { route: 'GET /api/inquiries', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries', { token }) },
    { route: 'GET /api/inquiries?assignee=me', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries?assignee=me', { token }) },
    { route: 'GET /api/inquiries/counts', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries/counts', { token }) },
    { route: 'GET /api/inquiries/stats', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', '/api/inquiries/stats', { token }) },
    { route: 'GET /api/inquiries/{id}', access: 'inquiries.read', ok: 200, send: (_, token) => call(inquiries, 'GET', `/api/inquiries/${inquiryId}`, { token }) },
    { route: 'GET /api/inquiries/export', access: 'inquiries.export', ok: 200, send: (_, token) => getFile(inquiries, '/api/inquiries/export?reason=report', token) },
    { route: 'PATCH /api/inquiries/{id} (status)', access: 'inquiries.write', ok: 200, send: (caller, token) => call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { status: caller === 'owner' ? 'contacted' : 'touring' } }) },
    { route: 'PATCH /api/inquiries/{id} (note)', access: 'inquiries.write', ok: 200, send: (caller, token) => call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { note: `Called by ${caller}` } }) },
    { route: 'PATCH /api/inquiries/{id} (assignment, next step)', access: 'inquiries.write', ok: 200, send: (_, token) => call(inquiries, 'PATCH', `/api/inquiries/${inquiryId}`, { token, body: { assigneeId: accounts.agent.id, nextStepOn: '2026-12-01' } }) },
    { route: 'POST /api/inquiries/{id}/attachments/0/link', access: 'inquiries.attachments', ok: 200, send: (_, token) => call(inquiries, 'POST', `/api/inquiries/${inquiryId}/attachments/0/link`, { token }) },
    // Tours (issue 26)
    { route: 'POST /api/inquiries/{id}/tours', access: 'tours.write', ok: 201, send: (_, token) => call(tours, 'POST', `/api/inquiries/${tourInquiryId}/tours`, { token, body: tourBody() }) },
    { route: 'GET /api/tours', access: 'tours.read', ok: 200, send: (_, token) => call(tours, 'GET', '/api/tours?hostId=me', { token }) },
    { route: 'GET /api/tours/{id}', access: 'tours.read', ok: 200, send: async (_, token) => call(tours, 'GET', `/api/tours/${await newTour()}`, { token }) },
    { route: 'PATCH /api/tours/{id} (reschedule)', access: 'tours.write', ok: 200, send: async (_, token) => call(tours, 'PATCH', `/api/tours/${await newTour()}`, { token, body: { startsAt: nextSlot() } }) },
    { route: 'POST /api/tours/{id}/cancel', access: 'tours.write', ok: 200, send: async (_, token) => call(tours, 'POST', `/api/tours/${await newTour()}/cancel`, { token, body: { reason: 'Prospect asked' } }) },
    { route: 'POST /api/tours/{id}/outcome', access: 'tours.write', ok: 200, send: async (_, token) => call(tours, 'POST', `/api/tours/${await endedTour()}/outcome`, { token, body: { outcome: 'completed', interest: 3 } }) },
    { route: 'GET /api/admin/me/calendar-feed', access: 'account.self', ok: 200, send: (_, token) => call(calendarFeed, 'GET', '/api/admin/me/calendar-feed', { token }) },
    { route: 'POST /api/admin/me/calendar-feed/rotate', access: 'account.self', ok: 200, send: (_, token) => call(calendarFeed, 'POST', '/api/admin/me/calendar-feed/rotate', { token }) },
    // Proposals (issue 39)
    { route: 'POST /api/inquiries/{id}/proposals', access: 'proposals.write', ok: 201, send: (_, token) => call(proposals, 'POST', `/api/inquiries/${proposalInquiryId}/proposals`, { token, body: draftBody() }) },
    { route: 'GET /api/deal-rates', access: 'proposals.write', ok: 200, send: (_, token) => call(dealRates, 'GET', '/api/deal-rates', { token }) },
    { route: 'GET /api/inquiries/{id}/proposals', access: 'proposals.read', ok: 200, send: (_, token) => call(proposals, 'GET', `/api/inquiries/${proposalInquiryId}/proposals`, { token }) },
    { route: 'GET /api/proposals?status=pending_approval', access: 'proposals.read', ok: 200, send: (_, token) => call(proposals, 'GET', '/api/proposals?status=pending_approval', { token }) },
    { route: 'GET /api/proposals/{id}', access: 'proposals.read', ok: 200, send: async (_, token) => call(proposals, 'GET', `/api/proposals/${await newDraft()}`, { token }) },
    { route: 'PATCH /api/proposals/{id}', access: 'proposals.write', ok: 200, send: async (_, token) => call(proposals, 'PATCH', `/api/proposals/${await newDraft()}`, { token, body: { terms: draftBody({ escalationPct: 2 }).terms } }) },
    { route: 'POST /api/proposals/{id}/submit', access: 'proposals.write', ok: 200, send: async (_, token) => call(proposals, 'POST', `/api/proposals/${await newDraft()}/submit`, { token }) },
    { route: 'POST /api/proposals/{id}/approve', access: 'proposals.approve', ok: 200, send: async (_, token) => call(proposals, 'POST', `/api/proposals/${await pendingProposal()}/approve`, { token, body: {} }) },
    { route: 'POST /api/proposals/{id}/reject', access: 'proposals.approve', ok: 200, send: async (_, token) => call(proposals, 'POST', `/api/proposals/${await pendingProposal()}/reject`, { token, body: { comment: 'Too generous' } }) },
    { route: 'POST /api/proposals/{id}/request-changes', access: 'proposals.approve', ok: 200, send: async (_, token) => call(proposals, 'POST', `/api/proposals/${await pendingProposal()}/request-changes`, { token, body: { comment: 'Less TI' } }) },
    { route: 'POST /api/proposals/{id}/send', access: 'proposals.write', ok: 200, send: async (_, token) => call(proposals, 'POST', `/api/proposals/${await approvedProposal()}/send`, { token, body: {} }) },
    { route: 'POST /api/proposals/{id}/withdraw', access: 'proposals.write', ok: 200, send: async (_, token) => call(proposals, 'POST', `/api/proposals/${await newDraft()}/withdraw`, { token, body: {} }) },
    { route: 'GET /api/proposals/{id}/pdf', access: 'proposals.read', ok: 200, send: async (_, token) => getFile(proposals, `/api/proposals/${await newDraft()}/pdf?lang=ja`, token) },
    { route: 'GET /api/proposals/{id}/certificate.pdf (not answered)', access: 'inquiries.personal', ok: 404, okCode: 'response_not_found', send: async (_, token) => getFile(proposals, `/api/proposals/${await newDraft()}/certificate.pdf`, token) },
    // The prospect's routes take the link's token, never a session: everyone without one gets the same 401.
    { route: 'GET /api/proposal-links/current (no link)', access: 'public', ok: 401, okCode: 'invalid_link', send: (_, token) => call(proposalLinks, 'GET', '/api/proposal-links/current', { token }) },
    { route: 'GET /api/proposal-links/pdf (no link)', access: 'public', ok: 401, okCode: 'invalid_link', send: (_, token) => getFile(proposalLinks, '/api/proposal-links/pdf', token) },
    { route: 'POST /api/proposal-links/code (no link)', access: 'public', ok: 401, okCode: 'invalid_link', send: (_, token) => call(proposalLinks, 'POST', '/api/proposal-links/code', { token, body: {} }) },
    { route: 'POST /api/proposal-links/answer (no link)', access: 'public', ok: 401, okCode: 'invalid_link', send: (_, token) => call(proposalLinks, 'POST', '/api/proposal-links/answer', { token, body: { decision: 'decline', reasonCode: 'price' } }) },
    { route: 'GET /api/calendar-feed/{token} (unknown)', access: 'public', ok: 404, okCode: 'feed_not_found', send: () => getFile(calendarFeed, `/api/calendar-feed/${'x'.repeat(43)}`) },
    // Leases (issue 40): viewers read, agents draft, owners sign, amend and open one without an accepted proposal
    { route: 'POST /api/inquiries/{id}/lease (owner override)', access: 'leases.sign', ok: 201, send: async (_, token) => call(leases, 'POST', `/api/inquiries/${await leaseInquiry()}/lease`, { token, body: { overrideReason: 'Paper deal' } }) },
    { route: 'GET /api/inquiries/{id}/lease', access: 'leases.read', ok: 200, send: async (_, token) => call(leases, 'GET', `/api/inquiries/${(await leaseDraft()).inquiryId}/lease`, { token }) },
    { route: 'GET /api/leases', access: 'leases.read', ok: 200, send: (_, token) => call(leases, 'GET', '/api/leases?status=live', { token }) },
    { route: 'GET /api/leases/{id}', access: 'leases.read', ok: 200, send: async (_, token) => call(leases, 'GET', `/api/leases/${(await leaseDraft()).id}`, { token }) },
    { route: 'PATCH /api/leases/{id}', access: 'leases.write', ok: 200, send: async (_, token) => call(leases, 'PATCH', `/api/leases/${(await leaseDraft()).id}`, { token, body: { tenant: { representative: '새 대표' } } }) },
    { route: 'DELETE /api/leases/{id}', access: 'leases.write', ok: 204, send: async (_, token) => call(leases, 'DELETE', `/api/leases/${(await leaseDraft()).id}`, { token }) },
    { route: 'POST /api/leases/{id}/sign', access: 'leases.sign', ok: 200, send: async (_, token) => call(leases, 'POST', `/api/leases/${(await leaseDraft()).id}/sign`, { token, body: { signedOn: koreanDay(new Date()), documentPath: await uploaded('lease') } }) },
    {
      route: 'POST /api/leases/{id}/amendments', access: 'leases.sign', ok: 201,
      send: async (_, token) => {
        const lease = await signedLease();
        return call(leases, 'POST', `/api/leases/${lease.id}/amendments`, { token, body: { effectiveOn: lease.terms.startDate, changes: { maintenancePerM2Krw: 15_000 }, reason: '관리비 조정' } });
      },
    },
    { route: 'GET /api/leases/{id}/schedule', access: 'leases.read', ok: 200, send: async (_, token) => call(leases, 'GET', `/api/leases/${(await leaseDraft()).id}/schedule`, { token }) },
    { route: 'GET /api/leases/{id}/schedule (CSV)', access: 'leases.read', ok: 200, send: async (_, token) => getFile(leases, `/api/leases/${(await leaseDraft()).id}/schedule?format=csv`, token) },
    { route: 'POST /api/leases/{id}/document/link', access: 'leases.documents', ok: 200, send: async (_, token) => call(leases, 'POST', `/api/leases/${(await signedLease()).id}/document/link`, { token }) },
    { route: 'GET /api/leases/{id}/history', access: 'leases.read', ok: 200, send: async (_, token) => call(leases, 'GET', `/api/leases/${(await leaseDraft()).id}/history`, { token }) },
    // The brand directory's page (decision 051) is the same for everyone: a bearer must not change what the CDN keeps.
    { route: 'GET /brands/ (the directory page)', access: 'public', ok: 200, send: (_, token) => getFile(brandDirectory, '/brands/', token) },
    // The team
    { route: 'GET /api/admin/users', access: 'team.manage', ok: 200, send: (_, token) => call(users, 'GET', '/api/admin/users', { token }) },
    {
      route: 'POST /api/admin/users', access: 'team.manage', ok: 201,
      send: (_, token) => {
        const username = `made-${randomUUID().slice(0, 8)}`;
        return call(users, 'POST', '/api/admin/users', { token, body: { username, name: 'New colleague', email: `${username}@btower.example`, role: 'viewer', password: strongPassword() } });
      },
    },
    {
      route: 'PATCH /api/admin/users/{id}', access: 'team.manage', ok: 200,
      send: async (_, token) => {
        const target = await staffAccount(admin, 'viewer');
        return call(users, 'PATCH', `/api/admin/users/${target.id}`, { token, body: { role: 'agent', name: 'Promoted' } });
      },
    },
    {
      route: 'DELETE /api/admin/users/{id}/second-factor', access: 'team.manage', ok: 204,
      send: async (_, token) => call(users, 'DELETE', `/api/admin/users/${(await staffAccount(admin, 'agent')).id}/second-factor`, { token }),
    },
    { route: 'GET /api/admin/assignees', access: 'team.directory', ok: 200, send: (_, token) => call(users, 'GET', '/api/admin/assignees', { token }) },
    { route: 'GET /api/admin/invitations', access: 'team.manage', ok: 200, send: (_, token) => call(invitations, 'GET', '/api/admin/invitations', { token }) },
    { route: 'POST /api/admin/invitations', access: 'team.manage', ok: 201, send: (_, token) => call(invitations, 'POST', '/api/admin/invitations', { token, body: { email: `invitee-${randomUUID().slice(0, 8)}@btower.example`, name: 'Invitee', role: 'agent' } }) },
    {
      route: 'DELETE /api/admin/invitations/{id}', access: 'team.manage', ok: 204,
      send: async (_, token) => call(invitations, 'DELETE', `/api/admin/invitations/${await pendingInvitation()}`, { token }),
    },
    {
      route: 'POST /api/admin/invitations/{id}/resend', access: 'team.manage', ok: 201,
      send: async (_, token) => call(invitations, 'POST', `/api/admin/invitations/${await pendingInvitation()}/resend`, { token }),
    },
    { route: 'POST /api/admin/invitations/accept (spent link)', access: 'public', ok: 400, okCode: 'invalid_token', send: (_, token) => call(invitations, 'POST', '/api/admin/invitations/accept', { token, body: { token: 'x'.repeat(43), username: 'someone', password: strongPassword() } }) },
    // My account
    { route: 'GET /api/admin/me', access: 'account.self', ok: 200, send: (_, token) => call(me, 'GET', '/api/admin/me', { token }) },
    { route: 'PATCH /api/admin/me', access: 'account.self', ok: 200, send: (caller, token) => call(me, 'PATCH', '/api/admin/me', { token, body: { name: `${caller} (renamed)` } }) },
    {
      route: 'POST /api/admin/me/password', access: 'account.self', ok: 200,
      send: async (caller, token) => {
        if (caller === 'nobody' || caller === 'deactivated') return call(me, 'POST', '/api/admin/me/password', { token, body: { currentPassword: 'whatever-it-was', password: strongPassword() } });
        const password = strongPassword();
        const answer = await call(me, 'POST', '/api/admin/me/password', { token, body: { currentPassword: accounts[caller].password, password } });
        if (answer.status === 200) accounts[caller].password = password;
        return answer;
      },
    },
    // My second factor (the set-up starts a pending key; a wrong first code; nothing on to turn off)
    { route: 'POST /api/admin/me/totp', access: 'account.self', ok: 200, send: (_, token) => call(me, 'POST', '/api/admin/me/totp', { token }) },
    { route: 'POST /api/admin/me/totp/confirm (wrong code)', access: 'account.self', ok: 400, okCode: 'invalid_code', send: (_, token) => call(me, 'POST', '/api/admin/me/totp/confirm', { token, body: { code: 'abcdef' } }) },
    { route: 'POST /api/admin/me/totp/recovery-codes (none on)', access: 'account.self', ok: 409, okCode: 'totp_not_on', send: (_, token) => call(me, 'POST', '/api/admin/me/totp/recovery-codes', { token, body: { code: '123456' } }) },
    { route: 'DELETE /api/admin/me/totp (none on)', access: 'account.self', ok: 409, okCode: 'totp_not_on', send: (_, token) => call(me, 'DELETE', '/api/admin/me/totp', { token, body: { code: '123456' } }) },
    { route: 'GET /api/admin/sessions', access: 'account.self', ok: 200, send: (_, token) => call(sessions, 'GET', '/api/admin/sessions', { token }) },
    { route: 'DELETE /api/admin/sessions/{id}', access: 'account.self', ok: 204, send: async (caller, token) => call(sessions, 'DELETE', `/api/admin/sessions/${await secondSession(caller)}`, { token }) },
    { route: 'POST /api/admin/logout', access: 'account.self', ok: 200, send: async (caller) => call(logout, 'POST', '/api/admin/logout', { token: await freshToken(caller) }) },
    { route: 'GET /api/admin/passkeys', access: 'account.self', ok: 200, send: (_, token) => call(passkeys, 'GET', '/api/admin/passkeys', { token }) },
    { route: 'DELETE /api/admin/passkeys/{id} (not mine)', access: 'account.self', ok: 404, okCode: 'passkey_not_found', send: (_, token) => call(passkeys, 'DELETE', '/api/admin/passkeys/bm90LW1pbmU', { token }) },
    { route: 'POST /api/admin/passkeys/register/options', access: 'account.self', ok: 200, send: (_, token) => call(passkeys, 'POST', '/api/admin/passkeys/register/options', { token, headers: { Origin: 'http://localhost:4403' } }) },
    {
      route: 'POST /api/admin/passkeys/register/verify (stale challenge)', access: 'account.self', ok: 400, okCode: 'invalid_challenge',
      send: (_, token) => call(passkeys, 'POST', '/api/admin/passkeys/register/verify', { token, headers: { Origin: 'http://localhost:4403' }, body: { challengeId: randomUUID(), response: { id: 'abc' } } }),
    },
    { route: 'POST /api/admin/passkeys/sign-in/options', access: 'public', ok: 200, send: (_, token) => call(passkeys, 'POST', '/api/admin/passkeys/sign-in/options', { token, headers: { Origin: 'http://localhost:4403' } }) },
    // The activity log and settings
    { route: 'GET /api/admin/audit', access: 'audit.read', ok: 200, send: (_, token) => call(audit, 'GET', '/api/admin/audit', { token }) },
    { route: 'GET /api/admin/audit/export', access: 'audit.read', ok: 200, send: (_, token) => getFile(audit, '/api/admin/audit/export', token) },
    { route: 'GET /api/admin/audit?kind=access', access: 'audit.read', ok: 200, send: (_, token) => call(audit, 'GET', '/api/admin/audit?kind=access', { token }) },
    { route: 'GET /api/admin/audit/export?kind=download', access: 'audit.read', ok: 200, send: (_, token) => getFile(audit, '/api/admin/audit/export?kind=download', token) },
    { route: 'GET /api/admin/access-reviews', access: 'audit.read', ok: 200, send: (_, token) => call(audit, 'GET', '/api/admin/access-reviews', { token }) },
    { route: 'POST /api/admin/access-reviews/{month}/done (never reviewed)', access: 'audit.review', ok: 404, okCode: 'review_not_found', send: (_, token) => call(audit, 'POST', '/api/admin/access-reviews/1999-01/done', { token }) },
    { route: 'GET /api/admin/settings', access: 'settings.manage', ok: 200, send: (_, token) => call(settings, 'GET', '/api/admin/settings', { token }) },
    { route: 'PATCH /api/admin/settings', access: 'settings.manage', ok: 200, send: (caller, token) => call(settings, 'PATCH', '/api/admin/settings', { token, body: { reminderBusinessHours: caller === 'owner' ? 6 : 3 } }) },
    // The privacy notice the contact form shows (public)
    { route: 'GET /api/privacy/notice', access: 'public', ok: 200, send: (_, token) => call(privacyNotice, 'GET', '/api/privacy/notice', { token }) },
    // Reports (issue 27): the team's totals for every role, per-person figures for owners and agents
    ...(['funnel', 'sources', 'speed', 'spaces', 'rent-roll', 'expiries', 'proposals'] as const).map((name): RouteCase => ({
      route: `GET /api/reports/${name}`, access: 'reports.read', ok: 200, send: (_, token) => call(reports, 'GET', `/api/reports/${name}?from=2026-03-01&to=2026-03-31`, { token }),
    })),
    { route: 'GET /api/reports/team', access: 'reports.people', ok: 200, send: (_, token) => call(reports, 'GET', '/api/reports/team?from=2026-03-01&to=2026-03-31', { token }) },
    { route: 'GET /api/reports/funnel (CSV)', access: 'reports.read', ok: 200, send: (_, token) => getFile(reports, '/api/reports/funnel?from=2026-03-01&to=2026-03-31&format=csv', token) },
    // Signing in (public)
    // Privacy (issue 24): the owner's requests list and actions, destroying now; the visitor's request and confirmation
    { route: 'GET /api/admin/privacy-requests', access: 'privacy.manage', ok: 200, send: (_, token) => call(privacyAdmin, 'GET', '/api/admin/privacy-requests', { token }) },
    {
      route: 'POST /api/admin/privacy-requests/{id}/actions (no such request)', access: 'privacy.manage', ok: 404, okCode: 'privacy_request_not_found',
      send: (_, token) => call(privacyAdmin, 'POST', `/api/admin/privacy-requests/${randomUUID()}/actions`, { token, body: { action: 'close' } }),
    },
    {
      route: 'POST /api/inquiries/{id}/destroy', access: 'privacy.manage', ok: 200,
      send: async (_, token) => {
        const id = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'To be destroyed' }) })).json.id as string;
        return call(inquiries, 'POST', `/api/inquiries/${id}/destroy`, { token });
      },
    },
    { route: 'POST /api/privacy/requests', access: 'public', ok: 202, send: (_, token) => call(privacyRequests, 'POST', '/api/privacy/requests', { token, body: { email: 'nobody-here@btower.example', kind: 'access', lang: 'en' } }) },
    { route: 'POST /api/privacy/requests/confirm (unknown link)', access: 'public', ok: 400, okCode: 'invalid_token', send: (_, token) => call(privacyRequests, 'POST', '/api/privacy/requests/confirm', { token, body: { token: 'x'.repeat(43) } }) },
    { route: 'POST /api/admin/login/second-factor (stale challenge)', access: 'public', ok: 401, okCode: 'challenge_expired', send: (_, token) => call(login, 'POST', '/api/admin/login/second-factor', { token, body: { challenge: 'z'.repeat(43), code: '123456' } }) },
    { route: 'POST /api/admin/password-reset', access: 'public', ok: 202, send: (_, token) => call(passwordReset, 'POST', '/api/admin/password-reset', { token, body: { email: 'nobody-here@btower.example' } }) },
    { route: 'POST /api/admin/password-reset/check (unknown link)', access: 'public', ok: 400, okCode: 'invalid_token', send: (_, token) => call(passwordReset, 'POST', '/api/admin/password-reset/check', { token, body: { token: 'x'.repeat(43) } }) },
  ];

  let site: Awaited<ReturnType<typeof useBuiltSite>>;
  afterAll(() => site.remove());

  beforeAll(async () => {
    site = await useBuiltSite({ 'brands/index.html': builtBrandsPage('ko') });
    admin = await adminToken();
    thumbnail = await uploaded('thumbnail');
    for (const role of ['owner', 'agent', 'viewer'] as const) accounts[role] = await staffAccount(admin, role);
    accounts.deactivated = await staffAccount(admin, 'agent', 'Former agent');
    const off = await call(users, 'PATCH', `/api/admin/users/${accounts.deactivated.id}`, { token: admin, body: { active: false } });
    expect(off.status).toBe(200);
    const attachment = await uploaded('attachment', new TextEncoder().encode('%PDF-1.4 company registration'));
    inquiryId = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ attachments: [attachment] }) })).json.id;
    tourUnit = await newUnit();
    tourInquiryId = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'Tour prospect' }) })).json.id;
    proposalUnit = await newUnit();
    proposalInquiryId = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ name: 'Proposal prospect' }) })).json.id;
  });

  it.each(CALLERS)('answers each route as the role table says for %s', async (caller) => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const route of ROUTES) {
      const answer = await route.send(caller, tokenOf(caller));
      const want = expected(route, caller);
      answers.push(`${route.route} → ${answer.status}${want.code ? ` ${answer.json?.error?.code}` : ''}`);
      wanted.push(`${route.route} → ${want.status}${want.code ? ` ${want.code}` : ''}`);
    }
    expect(answers).toEqual(wanted);
  });

  it('records every kind of write the matrix made in the activity log, naming who made it', async () => {
    const rows = await ctx.db.selectFrom('auditEvents').select(['entity', 'entityId', 'action', 'actorId']).execute();
    const kinds = new Set(rows.map((row) => `${row.entity}.${row.action}`));
    const expectedKinds = [
      'brand.create', 'brand.update', 'brand.delete', 'brand.restore',
      'unit.create', 'unit.update', 'unit.delete', 'unit.restore',
      'object.upload', 'object.make_public',
      'inquiry.update', 'inquiry.note',
      'user.create', 'user.update', 'user.password_change', 'invitation.invite', 'invitation.revoke', 'invitation.resend',
      'session.sign_in', 'session.sign_out', 'setting.create', 'audit.export',
      'tour.create', 'tour.update', 'tour.cancel', 'tour.outcome',
      'proposal.create', 'proposal.update', 'proposal.submit', 'proposal.approve', 'proposal.reject', 'proposal.request_changes', 'proposal.send', 'proposal.withdraw',
      'user.totp_start', 'user.second_factor_reset',
      'lease.create', 'lease.update', 'lease.delete', 'lease.sign', 'lease_amendment.amend', 'lease.document.link',
    ];
    expect(expectedKinds.filter((kind) => !kinds.has(kind))).toEqual([]);
    // The writes of the agent are theirs, not the admin's: status changes, notes, assignment.
    const agentsInquiryWrites = rows.filter((row) => row.entity === 'inquiry' && row.actorId === accounts.agent.id).map((row) => row.action);
    expect(new Set(agentsInquiryWrites)).toEqual(new Set(['update', 'note']));
    // Reading and taking out personal data is an access record of its own (not a write): who, which, why.
    const access = await ctx.db.selectFrom('accessRecords').select(['actorId', 'action', 'inquiryIds', 'reason']).execute();
    const accessOf = (id: string) => new Set(access.filter((row) => row.actorId === id).map((row) => row.action));
    // Proposals read once sent (they name the recipient) and their PDFs are reads of personal data too (decision 027).
    expect(accessOf(accounts.agent.id)).toEqual(new Set(['inquiry.view', 'inquiries.export', 'attachment.link', 'proposal.view', 'proposal.pdf']));
    // A viewer's masked read is a read too (as for inquiries).
    expect(accessOf(accounts.viewer.id)).toEqual(new Set(['inquiry.view', 'proposal.view', 'proposal.pdf']));
    expect(accessOf(accounts.deactivated.id)).toEqual(new Set());
    expect(access.filter((row) => row.action === 'inquiry.view' && row.actorId === accounts.viewer.id).every((row) => row.inquiryIds.includes(inquiryId))).toBe(true);
    expect(access.filter((row) => row.action === 'inquiries.export').every((row) => row.reason === 'report')).toBe(true);
    // The viewer changed only their own account (name, password); the deactivated agent nothing at all.
    const writes = rows.filter((row) => !['sign_in', 'sign_out', 'sign_in_failed'].includes(row.action));
    expect(new Set(writes.filter((row) => row.actorId === accounts.viewer.id).map((row) => `${row.entity}:${row.entityId}`))).toEqual(new Set([`user:${accounts.viewer.id}`]));
    expect(writes.filter((row) => row.actorId === accounts.deactivated.id)).toEqual([]);
  });

  it('answers a viewer every route with personal data masked and none of the full values; agents and owners in full', async () => {
    const person = { name: '홍길동', company: '비타워상사', email: 'kimminsu@example.com', phone: '010-1234-5678', message: '8층 전체 임대 조건이 궁금합니다. 연락처 010-1234-5678' };
    const id = (await call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody({ ...person }) })).json.id as string;
    await call(inquiries, 'PATCH', `/api/inquiries/${id}`, { token: admin, body: { note: '홍길동 님 010-1234-5678 통화 완료', status: 'lost', lostReason: 'other', lostReasonText: '홍길동 님이 다른 건물로' } });
    const full = Object.values(person);
    // Every admin route that returns an inquiry's personal data: the list, a search by phone and by e-mail, the detail.
    const reads = ['/api/inquiries', '/api/inquiries?search=010-1234-5678', '/api/inquiries?search=kimminsu%40example.com', `/api/inquiries/${id}`];
    for (const path of reads) {
      const viewer = await call(inquiries, 'GET', path, { token: accounts.viewer.token });
      expect(viewer.status, path).toBe(200);
      const text = JSON.stringify(viewer.json);
      for (const value of [...full, 'kimminsu', '다른 건물로', '통화 완료']) expect(text, `${path} shows ${value}`).not.toContain(value);
      const item = Array.isArray(viewer.json) ? viewer.json.find((row: { id: string }) => row.id === id) : viewer.json;
      expect(item, `${path} finds the inquiry for a viewer`).toBeTruthy();
      expect(item).toMatchObject({ masked: true, name: '홍*동', phone: '010-****-5678', email: 'k***@example.com', company: '비***', attachments: [] });
      expect(item).not.toHaveProperty('message');
      for (const caller of ['agent', 'owner'] as const) {
        const answer = await call(inquiries, 'GET', path, { token: accounts[caller].token });
        const fullItem = Array.isArray(answer.json) ? answer.json.find((row: { id: string }) => row.id === id) : answer.json;
        expect(fullItem, `${caller} ${path}`).toMatchObject({ name: person.name, phone: person.phone, email: person.email, company: person.company, message: person.message });
        expect(fullItem).not.toHaveProperty('masked');
      }
    }
    const detail = (await call(inquiries, 'GET', `/api/inquiries/${id}`, { token: accounts.viewer.token })).json;
    expect(detail.history.some((entry: { noteHidden?: boolean }) => entry.noteHidden)).toBe(true);
    // The counts are the same for every role.
    const counts = await Promise.all(['viewer', 'agent'].map(async (caller) => (await call(inquiries, 'GET', '/api/inquiries/counts', { token: accounts[caller as 'viewer'].token })).json));
    expect(counts[0]).toEqual(counts[1]);
  });

  it('counts a failed sign-in in the log too, with the username tried', async () => {
    const failed = await call(login, 'POST', '/api/admin/login', { body: { username: accounts.viewer.username, password: 'not the password at all' }, ip: `wrong-${randomUUID()}` });
    expect(failed.status).toBe(401);
    const row = await ctx.db.selectFrom('auditEvents').selectAll().where('action', '=', 'sign_in_failed').orderBy('at', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ entity: 'user', entityId: accounts.viewer.id, actorName: accounts.viewer.username });
  });
});
