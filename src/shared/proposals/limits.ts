/** The proposal flow's numbers (issue 39), one place for the server, the panel and the prospect's page. */
export const PROPOSAL_LIMITS = {
  /** Spaces one proposal may offer together. */
  units: 10,
  /** A proposal is valid for this many days unless the agent says otherwise. */
  defaultValidDays: 14,
  /** The latest validity an agent may set, in days from today. */
  maxValidDays: 90,
  /** Approval comments. */
  comment: 1000,
  /** The prospect's message with a decline or a counter. */
  message: 2000,
  signerName: 100,
  signerTitle: 100,
  company: 200,
  /** A decline's own words when its reason is "other". */
  reasonText: 500,
} as const;

/** The mailed code that confirms the prospect's decision (research/deals.md §4.3). */
export const ANSWER_CODE = {
  digits: 6,
  ttlMs: 5 * 60_000,
  /** Wrong tries one code takes before it stops working (a new one must be asked for). */
  maxFailures: 5,
} as const;

const MINUTE = 60_000;
/** Codes one link may ask for: a person who lost one mail, not a mailbox flood. */
export const CODE_REQUEST_LIMITS = [
  { max: 3, windowMs: 15 * MINUTE },
  { max: 10, windowMs: 24 * 60 * MINUTE },
] as const;
/** Answers (each code try) per link: with five tries a code, no more than this many guesses an hour. */
export const ANSWER_LIMITS = [{ max: 15, windowMs: 60 * MINUTE }] as const;

/** Days an accepted proposal holds its spaces (owner setting `proposalHoldDays`). */
export const DEFAULT_PROPOSAL_HOLD_DAYS = 30;
export const PROPOSAL_HOLD_DAYS_RANGE = { min: 1, max: 180 } as const;
