/**
 * The proposals report (issue 39): how offers turn into acceptances, in how many rounds and days, how long owners
 * take to decide, and how far below asking the offers go — by floor and by use. Shapes only: the query is
 * src/server/reports/proposals.ts, its tables src/shared/report-tables.ts, one definition each.
 */

/** Negotiations whose first version was sent in a period, and how they stand now. */
export interface ConversionCounts {
  sent: number;
  accepted: number;
  declined: number;
  /** Still open: a version out with the prospect or a counter we have not answered. */
  open: number;
  /** Expired or withdrawn without an acceptance. */
  lapsed: number;
}

/** Negotiations accepted in a period: the versions exchanged and the days from the first sending to the acceptance. */
export interface RoundFigures {
  accepted: number;
  /** Versions sent either way up to the accepted one, on average (one decimal). */
  averageRounds: number | null;
  medianDays: number | null;
  maxDays: number | null;
}

/** Approval rounds an owner decided in a period (the rules' own approvals and owners' own submissions left out). */
export interface ApprovalFigures {
  decided: number;
  approved: number;
  rejected: number;
  changesRequested: number;
  /** Hours from the request to the decision (one decimal). */
  medianHours: number | null;
  p90Hours: number | null;
}

/** The last version of each negotiation we sent in the period, grouped: the discount vs asking by NER, area-weighted. */
export interface DiscountGroup {
  proposals: number;
  /** Percent, two decimals; null when no proposal of the group has an asking rent to compare with. */
  averageDiscountPct: number | null;
  /** Area-weighted NER per m² of contract area a month. */
  averageNerPerM2: number | null;
  contractAreaM2: number;
}

export interface ProposalsReport {
  conversion: ({ start: string } & ConversionCounts)[];
  conversionTotal: ConversionCounts;
  rounds: ({ start: string } & RoundFigures)[];
  roundsTotal: RoundFigures;
  approvals: ({ start: string } & ApprovalFigures)[];
  approvalsTotal: ApprovalFigures;
  byFloor: ({ floor: string } & DiscountGroup)[];
  /** `use` is a unit use code (brands.category.*), null when the terms name none. */
  byUse: ({ use: string | null } & DiscountGroup)[];
}
