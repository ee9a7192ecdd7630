import { askingSnapshot, prefillTerms } from '../../src/shared/deals/asking.ts';
import { DEFAULT_DEAL_RATES } from '../../src/shared/deals/rates.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import { CURRENT_CONSENT_VERSION } from '../../src/shared/proposals/consent.ts';
import type { Proposal } from '../../src/shared/proposals/types.ts';
import type { Tour } from '../../src/shared/tours.ts';
import { ApiError } from './api.ts';
import type { DemoContext } from './context.ts';
import { addDays, officeTime } from './dates.ts';
import type { DemoDeal, DemoRound } from './deals-data.ts';
import { answerCodeIn, mailSubject, mailText, proposalLinkToken } from './mail-text.ts';
import { announceComingSoon, assignToAgent, ensureSignedLease } from './seed-leases.ts';
import { ensureInquiry } from './visitors.ts';

/**
 * The pipeline as the team and the prospects work it, each through their own door: the owner assigns, the agent
 * calls, books tours and writes proposals, the owner decides in the 결재 list, and each prospect answers from the
 * link in their mail with the code mailed to them. Every step first reads where the deal stands (the inquiry's
 * status and assignee, its tours, its proposals' versions and statuses, its lease) and does only what is missing,
 * so a run stopped anywhere is completed by the next.
 */

/** A prospect's link to a version, by the version's id: the token from the mail this run read. */
const links = new Map<string, string>();

export async function seedDeal(ctx: DemoContext, deal: DemoDeal): Promise<{ skipped?: string }> {
  let inquiry = await ensureInquiry(ctx, deal.visitor);
  if (deal.contacted) inquiry = await contact(ctx, await assignToAgent(ctx, inquiry), deal.contacted);
  if (deal.tour) await bookTour(ctx, inquiry, deal);
  if (!deal.rounds) return {};
  const outcome = await negotiate(ctx, inquiry, deal);
  if ('skipped' in outcome) return outcome;
  if (deal.lost) await markLost(ctx, inquiry.id, deal.lost);
  if (deal.lease && outcome.accepted) {
    const terms = outcome.accepted.terms;
    await ensureSignedLease(ctx, inquiry, { proposalId: outcome.accepted.id }, {
      tenant: { legalName: deal.lease.legalName, businessNumber: deal.lease.businessNumber, representative: deal.lease.representative, contacts: deal.lease.contacts },
      brand: deal.lease.brand,
      // Signed and handed over the day the demo is seeded: the tenant fits out until the term starts, then opens.
      dates: { contractOn: ctx.today, handoverOn: ctx.today, openingOn: terms.startDate },
      depositSchedule: null,
      signedOn: ctx.today,
    });
    await announceComingSoon(ctx, deal.lease.brand, terms.startDate);
  }
  return {};
}

/** The agent's first call: the inquiry moves to contacted with what was said, and a day to follow up. */
async function contact(ctx: DemoContext, inquiry: Inquiry, contacted: NonNullable<DemoDeal['contacted']>): Promise<Inquiry> {
  if (inquiry.status !== 'new') return inquiry;
  await ctx.api('PATCH', `/api/inquiries/${inquiry.id}`, {
    status: 'contacted',
    note: contacted.note,
    ...(contacted.nextStepInDays ? { nextStepOn: addDays(ctx.today, contacted.nextStepInDays) } : {}),
  }, { token: ctx.agent, ifMatch: inquiry.version });
  return ctx.api<Inquiry>('GET', `/api/inquiries/${inquiry.id}`, undefined, ctx.agent);
}

/** The site visit the agent books, at the hour asked or, when the host is busy then or it is a holiday, the next free start. */
async function bookTour(ctx: DemoContext, inquiry: Inquiry, deal: DemoDeal): Promise<void> {
  const tours = await ctx.api<Tour[]>('GET', `/api/tours?inquiryId=${inquiry.id}`, undefined, ctx.agent);
  if (tours.length > 0) return;
  const { officeDay, hour, minute, durationMinutes, message } = deal.tour!;
  const book = (startsAt: string) => ctx.api<Tour>('POST', `/api/inquiries/${inquiry.id}/tours`, {
    startsAt, durationMinutes, unitIds: [ctx.unit(deal.visitor.space!).id], messageToProspect: message,
  }, ctx.agent);
  try {
    await book(officeTime(ctx.today, officeDay, hour, minute));
  } catch (error) {
    const nextFree = error instanceof ApiError ? error.body?.error?.nextFree?.[0] : undefined;
    if (!nextFree) throw error;
    await book(nextFree);
  }
  ctx.created('tours');
}

async function markLost(ctx: DemoContext, inquiryId: string, lost: NonNullable<DemoDeal['lost']>): Promise<void> {
  const inquiry = await ctx.api<Inquiry>('GET', `/api/inquiries/${inquiryId}`, undefined, ctx.agent);
  if (inquiry.status === 'lost') return;
  await ctx.api('PATCH', `/api/inquiries/${inquiryId}`, { status: 'lost', lostReason: lost.reason, note: lost.note }, { token: ctx.agent, ifMatch: inquiry.version });
}

type Outcome = { accepted: Proposal | null } | { skipped: string };

/**
 * The deal's negotiation, version by version: each of our versions is written, submitted, decided by the owner when a
 * rule asks, sent, and answered by the prospect — or stays where the script leaves it.
 */
async function negotiate(ctx: DemoContext, inquiry: Inquiry, deal: DemoDeal): Promise<Outcome> {
  const unitIds = [ctx.unit(deal.visitor.space!).id];
  // The panel's prefill: the spaces' asking terms at the owner's asking escalation (the default rates: the demo keeps them).
  const asking = prefillTerms(askingSnapshot([ctx.unit(deal.visitor.space!)].map(askingUnit), DEFAULT_DEAL_RATES.askingEscalationPct, new Date()), ctx.today);
  let counter: Proposal | null = null;
  for (const round of deal.rounds!) {
    const versions = await versionsOf(ctx, inquiry.id);
    let mine = versions.find((one) => one.proposedBy === 'landlord' && one.renewalOf === null && one.parentId === (counter?.id ?? null));
    if (!mine) {
      mine = await ctx.api<Proposal>('POST', `/api/inquiries/${inquiry.id}/proposals`, {
        unitIds, terms: round.terms(counter ? counter.terms : asking, ctx.today), ...(counter ? { parentId: counter.id } : {}),
        ...(round.validForDays !== undefined ? { validUntil: addDays(ctx.today, round.validForDays) } : {}),
      }, ctx.agent);
      ctx.created('proposals');
    }
    mine = await throughApproval(ctx, mine, round);
    if (mine.status === 'draft' || mine.status === 'pending_approval') return { accepted: null };
    if (mine.status === 'sent') {
      if (!round.answer) return { accepted: null };
      if (!ctx.mailbox) return { skipped: `${deal.visitor.company}: the prospect's answer needs the demo's mailbox (SMTP_URL is set)` };
      await answer(ctx, mine, deal, round.answer);
      mine = await ctx.api<Proposal>('GET', `/api/proposals/${mine.id}`, undefined, ctx.agent);
    }
    if (mine.status === 'accepted') return { accepted: mine };
    if (mine.status !== 'countered') return { accepted: null };
    counter = (await versionsOf(ctx, inquiry.id)).find((one) => one.parentId === mine!.id && one.proposedBy === 'prospect') ?? null;
    if (!counter) throw new Error(`${deal.visitor.company}: version ${mine.version} was countered, but no counter version is listed`);
  }
  return { accepted: null };
}

const versionsOf = (ctx: DemoContext, inquiryId: string) => ctx.api<Proposal[]>('GET', `/api/inquiries/${inquiryId}/proposals`, undefined, ctx.agent);

function askingUnit(unit: ReturnType<DemoContext['unit']>) {
  return { id: unit.id, floor: unit.floor, unitNumber: unit.unitNumber, supplyAreaM2: unit.supplyAreaM2, exclusiveAreaM2: unit.exclusiveAreaM2, monthlyRent: unit.monthlyRent, deposit: unit.deposit, maintenanceFee: unit.maintenanceFee };
}

/**
 * Our version from where it stands to sent: submitted by the agent (the rules decide: approved, or waiting in the
 * owners' 결재 list), approved by the owner when it waits, then sent by the agent — unless the round stops earlier.
 */
async function throughApproval(ctx: DemoContext, proposal: Proposal, round: DemoRound): Promise<Proposal> {
  let mine = proposal;
  if (mine.status === 'draft' || mine.status === 'changes_requested') {
    if (round.stopsAt === 'draft') return mine;
    mine = await ctx.api<Proposal>('POST', `/api/proposals/${mine.id}/submit`, {}, { token: ctx.agent, ifMatch: mine.revision });
  }
  if (mine.status === 'pending_approval') {
    if (round.stopsAt === 'pending_approval') return mine;
    mine = await ctx.api<Proposal>('POST', `/api/proposals/${mine.id}/approve`, { comment: round.approval ?? '' }, { token: ctx.owner, ifMatch: mine.revision });
  }
  if (mine.status === 'approved') mine = await send(ctx, mine);
  return mine;
}

/**
 * Sends the version (a version already sent is sent again: a new link, the old one revoked) and, with the demo's
 * mailbox, reads the link from the prospect's mail — what they will open.
 */
async function send(ctx: DemoContext, proposal: Proposal): Promise<Proposal> {
  const since = ctx.mailbox?.count() ?? 0;
  const sent = await ctx.api<Proposal>('POST', `/api/proposals/${proposal.id}/send`, {}, { token: ctx.agent, ifMatch: proposal.revision });
  const recipient = sent.link?.recipient;
  if (ctx.mailbox && recipient) {
    const raw = await ctx.mailbox.waitFor(recipient, since, (mail) => proposalLinkToken(mailText(mail)) !== null);
    links.set(sent.id, proposalLinkToken(mailText(raw))!);
  }
  return sent;
}

/** The prospect's answer from their link: the mailed code asked for and typed (accept, counter), or a decline. */
async function answer(ctx: DemoContext, proposal: Proposal, deal: DemoDeal, answer: NonNullable<DemoRound['answer']>): Promise<void> {
  // A link read by an earlier run is not kept: the agent sends the version again, and the prospect opens the new mail.
  if (!links.has(proposal.id)) await send(ctx, proposal);
  const token = links.get(proposal.id);
  if (!token) throw new Error(`${deal.visitor.company}: no proposal link came to the prospect's mailbox`);
  const as = { token, clientAddress: deal.visitor.clientAddress, userAgent: ctx.browser };
  await ctx.api('GET', '/api/proposal-links/current', undefined, as);
  const signer = deal.signer ?? { name: deal.visitor.name, title: '', company: deal.visitor.company };
  if (answer.decision === 'decline') {
    await ctx.api('POST', '/api/proposal-links/answer', { decision: 'decline', reasonCode: answer.reasonCode, message: answer.message, signerName: signer.name }, as);
    return;
  }
  const since = ctx.mailbox!.count();
  await ctx.api('POST', '/api/proposal-links/code', {}, as);
  const mail = await ctx.mailbox!.waitFor(deal.visitor.email, since, (raw) => answerCodeIn(mailSubject(raw)) !== null);
  const code = answerCodeIn(mailSubject(mail))!;
  const who = { code, signerName: signer.name, signerTitle: signer.title, company: signer.company };
  if (answer.decision === 'accept') {
    await ctx.api('POST', '/api/proposal-links/answer', { decision: 'accept', ...who, consent: true, consentVersion: CURRENT_CONSENT_VERSION }, as);
  } else {
    await ctx.api('POST', '/api/proposal-links/answer', { decision: 'counter', ...who, counter: answer.counter, message: answer.message }, as);
  }
}
