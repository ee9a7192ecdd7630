import type { Locale } from '../../i18n/locales.ts';
import type { AskingSnapshot } from '../deals/asking.ts';
import type { DealMetrics } from '../deals/economics.ts';
import type { DealTermField, DealTerms } from '../deals/terms.ts';
import type { RuleResult } from './approval-rules.ts';
import type { Counter } from './schemas.ts';
import type { AnswerDecision, ApprovalDecision, HoldReleaseReason, ProposalStatus, ProposedBy } from './statuses.ts';

/** A proposal as the admin API answers it (docs/api/proposals.md). Money whole won; times ISO; days YYYY-MM-DD. */
export interface Proposal {
  id: string;
  inquiryId: string;
  /** Version 1's id: every version of one negotiation shares it. */
  rootId: string;
  /** The version number in its negotiation: 1, 2, … (not the lost-update counter: that is `revision`). */
  version: number;
  parentId: string | null;
  /** The lease this negotiation renews (issue 40: a renewal holds no space; the lease made from it continues the chain), or null. */
  renewalOf: string | null;
  proposedBy: ProposedBy;
  status: ProposalStatus;
  unitIds: string[];
  /** The spaces as they are now (status, areas), in `unitIds` order; a deleted space is missing. */
  units: ProposalUnit[];
  terms: DealTerms;
  /** The spaces' asking terms frozen when this version was made. */
  asking: AskingSnapshot;
  /** The economics stored with the version (computed once, at its last save). */
  metrics: DealMetrics;
  /** The asking figures that differ now from the frozen ones (a later change of a space's price), in reading order. */
  askingChanged: ('rentPerM2Krw' | 'maintenancePerM2Krw' | 'depositKrw')[];
  /** The terms that differ from the parent version's (null for version 1). */
  changedFromParent: DealTermField[] | null;
  validUntil: string;
  /** The prospect's language: the mail, the PDF and the page open in it. */
  locale: Locale;
  /** Every approval round of this version, oldest first; the last one is in force. */
  approvals: ProposalApproval[];
  /** The link of the last sending (null before it is sent; a prospect's version has none). */
  link: ProposalLinkInfo | null;
  /** The prospect's answer to this version, with its evidence. */
  response: ProposalResponse | null;
  /** The spaces' hold of an accepted version. */
  hold: ProposalHold | null;
  createdBy: Person | null;
  createdAt: string;
  updatedBy: Person | null;
  updatedAt: string;
  submittedAt: string | null;
  sentAt: string | null;
  sentBy: Person | null;
  answeredAt: string | null;
  /** A viewer's answer: the prospect's words and the signer's details masked, addresses and devices left out. */
  masked?: true;
  /** The lost-update counter (decision 033): the ETag and If-Match carry it. */
  revision: number;
}

export interface Person {
  id: string;
  name: string;
}

export interface ProposalUnit {
  id: string;
  floor: string;
  unitNumber: string;
  status: string;
  supplyAreaM2: number;
  exclusiveAreaM2: number;
}

export interface ProposalApproval {
  id: string;
  /** Every rule as evaluated at submission: value, the owner's limit then, hit. */
  rules: RuleResult[];
  /** The proposal's revision that was submitted. */
  revision: number;
  requestedBy: Person | null;
  requestedAt: string;
  /** null while it waits for an owner. */
  decision: ApprovalDecision | null;
  approver: Person | null;
  decidedAt: string | null;
  comment: string | null;
}

export interface ProposalLinkInfo {
  id: string;
  recipient: string | null;
  locale: Locale;
  createdAt: string;
  expiresAt: string;
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  revokedAt: string | null;
  decidedAt: string | null;
}

/** The prospect's answer and its evidence (research/deals.md §4.3). */
export interface ProposalResponse {
  id: string;
  decision: AnswerDecision;
  /** UTC instant, and the same in Korean time as the certificate prints it. */
  at: string;
  atKst: string;
  clientAddress: string | null;
  userAgent: string | null;
  /** SHA-256 (hex) of the PDF of this version in `pdfLocale`, as the page and the mail gave it. */
  pdfSha256: string;
  pdfLocale: Locale;
  /** The address the link (and the code) went to. */
  recipient: string | null;
  codeVerified: boolean;
  signerName: string | null;
  signerTitle: string | null;
  company: string | null;
  consentVersion: string | null;
  reasonCode: string | null;
  message: string | null;
  counter: Counter | null;
  /** The version the counter made. */
  counterProposalId: string | null;
}

export interface ProposalHold {
  unitIds: string[];
  heldAt: string;
  until: string;
  releasedAt: string | null;
  releaseReason: HoldReleaseReason | null;
  /** A hold an owner released (`released`): who, and the reason they gave; else null. */
  releasedBy: Person | null;
  releaseNote: string | null;
}

/** What the prospect's page reads (GET /api/proposal-links/current): the proposal as the tenant sees it. */
export interface PublicProposal {
  id: string;
  version: number;
  status: ProposalStatus;
  locale: Locale;
  validUntil: string;
  /** Whom it was made for, as the inquiry says (their company, else their name). */
  addressee: string;
  units: (Pick<ProposalUnit, 'id' | 'floor' | 'unitNumber' | 'supplyAreaM2' | 'exclusiveAreaM2'> & { pagePath: string })[];
  /** The terms without the broker fee (the owner's cost, not the tenant's business). */
  terms: Omit<DealTerms, 'brokerFeeKrw'>;
  /** The tenant's figures only: no NER, discount, straight-line effective rent or asking (the owner's view). */
  figures: TenantFigures;
  /** The address the code goes to, masked (k***@example.com). */
  recipient: string;
  /** The PDF of this version in the link's language (GET /api/proposal-links/pdf, same bearer). */
  pdfPath: string;
  pdfSha256: string;
  consentVersion: string;
  /** The privacy policy version that covers the signer's details. */
  privacyPolicyPath: string;
}

/** What a tenant reads of the economics: monthly cost, rent-free, totals, NOC (research/deals.md §3.3). */
export interface TenantFigures {
  contractAreaM2: number;
  exclusiveAreaM2: number;
  monthlyRentKrw: number;
  monthlyMaintenanceKrw: number;
  freeRentMonths: number;
  freeRentKrw: number;
  totalRentKrw: number;
  totalMaintenanceKrw: number;
  /** 실질 NOC per exclusive m²: rent due and 관리비 over fit-out and term, plus the deposit's yield at `depositYieldPct`. */
  nocPerExclusiveM2: number;
  depositYieldPct: number;
  convertedDepositKrw: number;
  protectedByAct: boolean;
  escalationOverCap: boolean;
}
