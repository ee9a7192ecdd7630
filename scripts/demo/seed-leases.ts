import type { DealTerms } from '../../src/shared/deals/terms.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import type { DepositInstallment, Lease, LeaseContact } from '../../src/shared/leases/lease.ts';
import { renewalTerms } from '../../src/shared/leases/renewal.ts';
import type { Proposal } from '../../src/shared/proposals/types.ts';
import { uploadObject } from './api.ts';
import type { DemoContext } from './context.ts';
import { monthStart } from './dates.ts';
import { signedLeasePdf } from './lease-pdf.ts';
import { EXISTING_LEASE_REASON, leaseFacts, type DemoTenant } from './tenants-data.ts';
import { ensureInquiry } from './visitors.ts';

/**
 * Leases as the team makes them (docs/api/leases.md): the agent drafts, the owner signs with the signed PDF, amends,
 * and announces a brand that is still fitting out. Each step reads what the lease is now and does only what is
 * missing, so a run stopped at any point is completed by the next: an inquiry is found by its visitor's address, a
 * lease by its inquiry, an amendment by the lease's list of them, a renewal by the inquiry's proposals.
 */

/** What a lease is drafted with before signing. */
export interface LeaseDraft {
  tenant: { legalName: string; businessNumber: string; representative: string; contacts: LeaseContact[] };
  brand: string | null;
  unitIds?: string[];
  terms?: DealTerms;
  dates: { contractOn: string; handoverOn: string; openingOn: string };
  depositSchedule: DepositInstallment[] | null;
  signedOn: string;
}

/** Assigns the inquiry to the agent (the owner does, as the inbox does), unless someone already has it. */
export async function assignToAgent(ctx: DemoContext, inquiry: Inquiry): Promise<Inquiry> {
  if (inquiry.assigneeId) return inquiry;
  await ctx.api('PATCH', `/api/inquiries/${inquiry.id}`, { assigneeId: ctx.agentId }, { token: ctx.owner, ifMatch: inquiry.version });
  return ctx.api<Inquiry>('GET', `/api/inquiries/${inquiry.id}`, undefined, ctx.owner);
}

/**
 * The inquiry's signed lease: found, or drafted from `open` (an accepted proposal, or the owner's reason) and signed.
 * The agent drafts; the owner uploads the signed PDF and signs.
 */
export async function ensureSignedLease(ctx: DemoContext, inquiry: Inquiry, open: { proposalId: string } | { overrideReason: string }, draft: LeaseDraft): Promise<Lease> {
  const leases = await ctx.api<Lease[]>('GET', `/api/inquiries/${inquiry.id}/lease`, undefined, ctx.owner);
  const signed = leases.find((lease) => lease.status !== 'draft');
  if (signed) return signed;
  // Opening without an accepted proposal is an owner's to do, with the reason; from a proposal the agent opens it.
  let lease = leases.find((one) => one.status === 'draft')
    ?? await ctx.api<Lease>('POST', `/api/inquiries/${inquiry.id}/lease`, open, 'overrideReason' in open ? ctx.owner : ctx.agent);
  const brandId = draft.brand ? (await ctx.brand(draft.brand)).id : null;
  lease = await ctx.api<Lease>('PATCH', `/api/leases/${lease.id}`, {
    tenant: draft.tenant,
    ...(brandId ? { brandId } : { brandId: null, newBrand: null }),
    ...(draft.unitIds ? { unitIds: draft.unitIds } : {}),
    ...(draft.terms ? { terms: draft.terms } : {}),
    dates: draft.dates,
    ...(draft.depositSchedule ? { depositSchedule: draft.depositSchedule } : {}),
  }, { token: ctx.agent, ifMatch: lease.version });
  const pdf = await signedLeasePdf(lease, draft.signedOn);
  const documentPath = await uploadObject(ctx.origin, ctx.owner, { purpose: 'lease', filename: `임대차계약서-${lease.tenant.legalName}.pdf`, type: 'application/pdf', bytes: pdf, public: false });
  lease = await ctx.api<Lease>('POST', `/api/leases/${lease.id}/sign`, { signedOn: draft.signedOn, documentPath }, { token: ctx.owner, ifMatch: lease.version });
  ctx.created('leases');
  return lease;
}

/** Announces the lease's brand as coming soon until its opening day (the owner's choice while a lease governs it). */
export async function announceComingSoon(ctx: DemoContext, brandName: string, openingOn: string): Promise<void> {
  const brand = await ctx.brand(brandName);
  // A brand registered before its lease is open in the directory (with no opening day): until the lease's opening day
  // it is announced instead, and the daily job opens it on that day.
  if ((brand.directoryState === 'coming_soon' || brand.directoryState === 'open') && brand.openingOn === openingOn) return;
  await ctx.api('PATCH', `/api/brands/${brand.id}`, { directoryState: 'coming_soon', openingOn }, { token: ctx.owner, ifMatch: brand.version });
}

/** A tenant of the building: their inquiry, their signed lease, and what happened to it since. */
export async function seedTenant(ctx: DemoContext, tenant: DemoTenant): Promise<void> {
  const inquiry = await assignToAgent(ctx, await ensureInquiry(ctx, tenant.visitor));
  const facts = leaseFacts(tenant.plan, ctx.today);
  let lease = await ensureSignedLease(ctx, inquiry, { overrideReason: EXISTING_LEASE_REASON }, {
    tenant: { legalName: tenant.legalName, businessNumber: tenant.businessNumber, representative: tenant.representative, contacts: tenant.contacts },
    brand: tenant.brand,
    unitIds: [ctx.unit(tenant.space).id],
    terms: facts.terms,
    dates: facts.dates,
    depositSchedule: facts.depositSchedule,
    signedOn: facts.signedOn,
  });
  if (tenant.amendment && lease.amendments.length === 0) {
    lease = await ctx.api<Lease>('POST', `/api/leases/${lease.id}/amendments`, {
      effectiveOn: monthStart(ctx.today, tenant.amendment.effectiveMonths),
      changes: tenant.amendment.changes,
      reason: tenant.amendment.reason,
    }, { token: ctx.owner, ifMatch: lease.version });
  }
  if (tenant.comingSoon && tenant.brand) await announceComingSoon(ctx, tenant.brand, facts.dates.openingOn);
  if (tenant.renewal) await draftRenewal(ctx, inquiry, lease);
}

/**
 * The renewal the agent drafts for a lease in its renewal window: a proposal marked as the lease's renewal, prefilled
 * as the panel's renewal panel prefills it (renewalTerms: from the day after the last day, the last rent stepped once).
 */
async function draftRenewal(ctx: DemoContext, inquiry: Inquiry, lease: Lease): Promise<void> {
  const proposals = await ctx.api<Proposal[]>('GET', `/api/inquiries/${inquiry.id}/proposals`, undefined, ctx.agent);
  if (proposals.some((proposal) => proposal.renewalOf === lease.id)) return;
  const terms = renewalTerms({ terms: lease.terms, area: lease.area, amendments: lease.amendments.map((one) => ({ effectiveOn: one.effectiveOn, changes: one.changes })) });
  await ctx.api('POST', `/api/inquiries/${inquiry.id}/proposals`, { unitIds: lease.unitIds, terms, renewalOf: lease.id }, ctx.agent);
  ctx.created('proposals');
}
