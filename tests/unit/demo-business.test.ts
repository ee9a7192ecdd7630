import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { areaOf, askingSnapshot, askingTerms, prefillTerms, type AskingSnapshot } from '~/shared/deals/asking';
import { dealMetrics } from '~/shared/deals/economics';
import { DEFAULT_DEAL_RATES } from '~/shared/deals/rates';
import { termEndsOn } from '~/shared/deals/schedule';
import { DealTermsSchema } from '~/shared/deals/terms';
import { InquiryInputSchema } from '~/shared/inquiry';
import { isBusinessNumber } from '~/shared/leases/business-number';
import { leaseStatusOn } from '~/shared/leases/dates';
import { LeaseContactSchema } from '~/shared/leases/lease';
import { dateProblems, depositSumProblem } from '~/shared/leases/schedule';
import { DEMO_DEALS } from '../../scripts/demo/deals-data.ts';
import { DEMO_BRANDS, DEMO_UNITS, NEGOTIATED_BRAND_SPACE } from '../../scripts/demo/seed-data.ts';
import { DEMO_TENANTS, leaseFacts } from '../../scripts/demo/tenants-data.ts';
import { approvalRules, DEFAULT_APPROVAL_SETTINGS, needsApproval } from '~/shared/proposals/approval-rules';
import { NOTICE_VERSION } from '../support/privacy.ts';

/**
 * The demo's business as data (scripts/demo/tenants-data.ts, deals-data.ts): what `npm run demo` will send passes the
 * rules the API applies, and on whatever day someone first runs it, its leases stand where the demo says — one
 * expiring, two fitting out, one signed and waiting for handover, the rest running. tests/faults/demo-resume.test.ts
 * seeds it through a running server.
 */
const spaceOf = (unit: { floor: string; unitNumber: string }) => `${unit.floor} ${unit.unitNumber}`;
const leasedSpaces = DEMO_UNITS.filter((unit) => unit.status === 'leased').map(spaceOf);
const dealLeases = DEMO_DEALS.filter((deal) => deal.lease);
const visitors = [...DEMO_TENANTS.map((tenant) => tenant.visitor), ...DEMO_DEALS.map((deal) => deal.visitor)];

/** Seeding days to try: an ordinary one, month ends of 28, 29, 30 and 31 days, a year's last and first day. */
const DAYS = ['2026-12-06', '2027-01-31', '2027-02-28', '2028-02-29', '2027-04-30', '2027-12-31', '2028-01-01', '2029-07-15'];

describe('the demo’s tenants', () => {
  it('hold every leased space once, and the negotiated one is leased by the deal that wins it', () => {
    expect(DEMO_TENANTS.map((tenant) => tenant.space).sort()).toEqual([...leasedSpaces].sort());
    expect(dealLeases.map((deal) => deal.visitor.space)).toEqual([NEGOTIATED_BRAND_SPACE]);
    expect(DEMO_UNITS.find((unit) => spaceOf(unit) === NEGOTIATED_BRAND_SPACE)?.status).toBe('negotiating');
  });

  it('are every brand of the directory, each in the space its card names', () => {
    const byBrand = new Map([...DEMO_TENANTS.map((tenant) => [tenant.brand, tenant.space] as const), ...dealLeases.map((deal) => [deal.lease!.brand, deal.visitor.space] as const)]);
    for (const brand of DEMO_BRANDS) expect(byBrand.get(brand.name), brand.name).toBe(`${brand.floor} ${brand.unit}`);
  });

  it('have 사업자등록번호 that pass the checksum, each its own, and contacts the lease form takes', () => {
    const numbers = [...DEMO_TENANTS.map((tenant) => tenant.businessNumber), ...dealLeases.map((deal) => deal.lease!.businessNumber)];
    for (const number of numbers) expect(isBusinessNumber(number), number).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const contact of [...DEMO_TENANTS.flatMap((tenant) => tenant.contacts), ...dealLeases.flatMap((deal) => deal.lease!.contacts)]) {
      expect(v.safeParse(LeaseContactSchema, contact).issues, contact.name).toBeUndefined();
    }
  });

  it.each(DAYS)('seeded on %s: one lease expiring, two fitting out, one signed before handover, the rest active — each signed by then, its dates in order', (today) => {
    const statuses: Record<string, string> = {};
    for (const tenant of DEMO_TENANTS) {
      const facts = leaseFacts(tenant.plan, today);
      expect(v.safeParse(DealTermsSchema, facts.terms).issues, tenant.legalName).toBeUndefined();
      expect(dateProblems(facts.dates, facts.terms), tenant.legalName).toEqual({});
      expect(facts.signedOn <= today, tenant.legalName).toBe(true);
      if (facts.depositSchedule) expect(depositSumProblem(facts.depositSchedule, facts.terms.depositKrw)).toBeNull();
      statuses[tenant.legalName] = leaseStatusOn({ signedOn: facts.signedOn, handoverOn: facts.dates.handoverOn, commencementOn: facts.terms.startDate, expiresOn: termEndsOn(facts.terms), terminatesOn: null }, today);
    }
    const counted = Object.values(statuses).reduce<Record<string, number>>((sum, status) => ({ ...sum, [status]: (sum[status] ?? 0) + 1 }), {});
    // The deal's lease adds the second fit-out (signed and handed over on the seeding day): tests/faults/demo-resume.test.ts.
    expect(counted).toEqual({ expiring: 1, fitout: 1, signed: 1, active: DEMO_TENANTS.length - 3 });
    // The brands announced "coming soon" are the ones not yet open.
    for (const tenant of DEMO_TENANTS) expect(tenant.comingSoon, tenant.legalName).toBe(statuses[tenant.legalName] === 'fitout' || statuses[tenant.legalName] === 'signed');
    expect(DEMO_TENANTS.find((tenant) => statuses[tenant.legalName] === 'expiring')?.renewal).toBe(true);
  });
});

describe('the demo’s pipeline', () => {
  it('has a proposal at every stage a person can find it in: a draft, one waiting for 결재, one sent, a counter, an acceptance, a decline', () => {
    const rounds = DEMO_DEALS.flatMap((deal) => deal.rounds ?? []);
    expect(rounds.filter((round) => round.stopsAt === 'draft')).toHaveLength(1);
    expect(rounds.filter((round) => round.stopsAt === 'pending_approval')).toHaveLength(1);
    // One out with its prospect, one unanswered whose validity ends on the seeding day (expired by that night's job).
    expect(rounds.filter((round) => !round.stopsAt && !round.answer && round.validForDays === undefined)).toHaveLength(1);
    expect(rounds.filter((round) => !round.stopsAt && !round.answer && round.validForDays === 0)).toHaveLength(1);
    expect(DEMO_DEALS.filter((deal) => deal.rounds?.at(-1)?.answer?.decision === 'counter')).toHaveLength(1);
    expect(DEMO_DEALS.filter((deal) => deal.rounds?.at(-1)?.answer?.decision === 'accept')).toHaveLength(2);
    expect(DEMO_DEALS.filter((deal) => deal.rounds?.at(-1)?.answer?.decision === 'decline' && deal.lost)).toHaveLength(1);
    expect(DEMO_DEALS.filter((deal) => deal.tour).length).toBeGreaterThanOrEqual(3);
    expect(DEMO_DEALS.filter((deal) => !deal.contacted)).toHaveLength(2);
  });

  it('offers terms the API takes, from the asked-about space’s asking terms', () => {
    for (const deal of DEMO_DEALS) {
      const unit = DEMO_UNITS.find((one) => spaceOf(one) === deal.visitor.space)!;
      expect(unit, deal.visitor.company).toBeDefined();
      expect(unit.status, deal.visitor.company).not.toBe('leased');
      let base = prefillTerms(askingSnapshot([{ id: 'demo', ...unit, monthlyRent: unit.monthlyRent ?? null, deposit: unit.deposit ?? null, maintenanceFee: unit.maintenanceFee ?? null }], 3, new Date()), '2026-12-06');
      for (const round of deal.rounds ?? []) {
        const terms = round.terms(base, '2026-12-06');
        expect(v.safeParse(DealTermsSchema, terms).issues, deal.visitor.company).toBeUndefined();
        base = round.answer?.decision === 'counter' ? { ...terms, ...round.answer.counter } : terms;
      }
    }
  });
});

/** The asking snapshot of the space a deal is about, as the server takes it when a version is written. */
function askingOf(space: string): AskingSnapshot {
  const unit = DEMO_UNITS.find((one) => spaceOf(one) === space)!;
  return askingSnapshot([{ id: space, ...unit, monthlyRent: unit.monthlyRent ?? null, deposit: unit.deposit ?? null, maintenanceFee: unit.maintenanceFee ?? null }], DEFAULT_DEAL_RATES.askingEscalationPct, new Date());
}

describe('the demo’s offers, by the deal economics the server stores (src/shared/deals)', () => {
  // Every version the team writes, with the asking terms it is measured against.
  const offers = DEMO_DEALS.flatMap((deal) => {
    const asking = askingOf(deal.visitor.space!);
    let base = prefillTerms(asking, '2026-12-06');
    return (deal.rounds ?? []).map((round, index) => {
      const terms = round.terms(base, '2026-12-06');
      if (round.answer?.decision === 'counter') base = { ...terms, ...round.answer.counter };
      return { name: `${deal.visitor.company} v${index + 1}`, round, terms, metrics: dealMetrics(terms, areaOf(asking), DEFAULT_DEAL_RATES, askingTerms(asking, terms)) };
    });
  });

  it('go to the owner’s 결재 exactly where the owner’s default rules ask (and every approval says why it was given)', () => {
    for (const { name, round, terms, metrics } of offers) {
      if (round.stopsAt === 'draft') continue;
      const hit = needsApproval(approvalRules(terms, metrics, DEFAULT_APPROVAL_SETTINGS));
      expect(hit, name).toBe(round.stopsAt === 'pending_approval' || round.approval !== undefined);
    }
    expect(offers.filter((offer) => offer.round.approval).length).toBeGreaterThanOrEqual(3);
  });

  // The deepest is the clinic waiting for 결재: three months free, three of fit-out and an ₩80M TI on five years.
  it('are believable: at or under asking by NER, never more than 30 % off, at a rent the space could pay', () => {
    for (const { name, metrics } of offers) {
      expect(metrics.discountVsAskingPct, name).not.toBeNull();
      expect(metrics.discountVsAskingPct!, name).toBeGreaterThanOrEqual(0);
      expect(metrics.discountVsAskingPct!, name).toBeLessThanOrEqual(30);
      expect(metrics.monthlyRentKrw, name).toBeGreaterThan(1_000_000);
    }
  });
});

describe('the demo’s visitors', () => {
  it('send inquiries the contact form’s rules take, each from an address and a client of their own', () => {
    for (const visitor of visitors) {
      const body = {
        name: visitor.name, email: visitor.email, phone: visitor.phone, message: visitor.message, company: visitor.company, businessType: visitor.businessType,
        desiredFloors: visitor.desiredFloors, desiredAreaM2: visitor.desiredAreaM2 ?? null, preferredContact: visitor.preferredContact ?? null,
        source: visitor.source ?? null, locale: visitor.locale, unitId: null, attachments: [], privacyNoticeVersion: NOTICE_VERSION,
      };
      expect(v.safeParse(InquiryInputSchema, body).issues, visitor.email).toBeUndefined();
    }
    expect(new Set(visitors.map((visitor) => visitor.email.toLowerCase())).size).toBe(visitors.length);
    expect(new Set(visitors.map((visitor) => visitor.clientAddress)).size).toBe(visitors.length);
  });
});
