import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: written as a JSON string (pg would turn a JS array into a Postgres array). */
type Json<T> = ColumnType<T, string | undefined, string>;

/**
 * The tables of schema.sql as Kysely sees them. Columns are snake_case in SQL and camelCase here
 * (CamelCasePlugin), matching the shared domain types.
 */
export interface Database {
  users: UsersTable;
  brands: BrandsTable;
  inquiries: InquiriesTable;
  sessions: SessionsTable;
  loginAttempts: LoginAttemptsTable;
  brochureDownloads: BrochureDownloadsTable;
  dataVersions: DataVersionsTable;
  throttleHits: ThrottleHitsTable;
  loginTrustedClients: LoginTrustedClientsTable;
  units: UnitsTable;
  inquiryHistory: InquiryHistoryTable;
  inquiryFirstResponses: InquiryFirstResponsesTable;
  outbox: OutboxTable;
  deletedRecords: DeletedRecordsTable;
  unitAddresses: UnitAddressesTable;
  brandSlugs: BrandSlugsTable;
  authTokens: AuthTokensTable;
  passkeys: PasskeysTable;
  webauthnChallenges: WebauthnChallengesTable;
  settings: SettingsTable;
  auditEvents: AuditEventsTable;
  accessRecords: AccessRecordsTable;
  accessReviews: AccessReviewsTable;
  tours: ToursTable;
  calendarFeeds: CalendarFeedsTable;
  unitStatusDays: UnitStatusDaysTable;
  privacyRequests: PrivacyRequestsTable;
  userTotp: UserTotpTable;
  recoveryCodes: RecoveryCodesTable;
  secondFactorChallenges: SecondFactorChallengesTable;
  proposals: ProposalsTable;
  proposalApprovals: ProposalApprovalsTable;
  proposalLinks: ProposalLinksTable;
  proposalLinkCodes: ProposalLinkCodesTable;
  proposalResponses: ProposalResponsesTable;
  proposalHolds: ProposalHoldsTable;
  leases: LeasesTable;
  leaseAmendments: LeaseAmendmentsTable;
  leaseScheduleMonths: LeaseScheduleMonthsTable;
}

/** The spec's User entity: a staff account (issue 17). `password` is a PHC-style hash with its parameters. */
export interface UsersTable {
  id: Generated<string>;
  username: string;
  password: string;
  displayName: Generated<string>;
  email: string | null;
  role: Generated<string>;
  active: Generated<boolean>;
  locale: Generated<string>;
  createdAt: Timestamp;
  lastSignInAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The lost-update check's counter, bumped by the database on every change (schema.sql, decision 033). */
  version: Generated<number>;
}

/** Invitation and password-reset links: the sha256 of the token only; single use, expiring. */
export interface AuthTokensTable {
  id: string;
  purpose: 'invitation' | 'password-reset';
  tokenHash: string;
  userId: string | null;
  email: string;
  name: string | null;
  role: string | null;
  locale: Generated<string>;
  createdBy: string | null;
  createdAt: Timestamp;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** WebAuthn credentials; the public key and id are base64url. */
export interface PasskeysTable {
  id: string;
  userId: string;
  publicKey: string;
  counter: ColumnType<string | number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  deviceType: string | null;
  backedUp: Generated<boolean>;
  name: string;
  createdAt: Timestamp;
  lastUsedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One-time WebAuthn challenges (functions share no memory between the two calls of a ceremony). */
export interface WebauthnChallengesTable {
  id: Generated<string>;
  challenge: string;
  purpose: 'register' | 'sign-in';
  userId: string | null;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updatedAt: Timestamp;
  /** The lost-update check's counter, bumped by the database on every change (schema.sql, decision 033). */
  version: Generated<number>;
}

/** The append-only activity log (written by triggers and by src/server/audit/). */
export interface AuditEventsTable {
  id: Generated<string>;
  at: Timestamp;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes: Json<Record<string, [unknown, unknown]>>;
  clientAddress: string | null;
}

export interface BrandsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  category: string;
  floor: string;
  unit: string | null;
  area: string | null;
  isAvailable: Generated<boolean>;
  thumbnail: string | null;
  contactInfo: Json<{ phone?: string; email?: string; website?: string }>;
  images: ColumnType<string[], string[] | undefined, string[]>;
  /** `{en?, zh?, ja?}`: the name and description in other languages (schema.sql, localized brand texts). */
  nameI18n: Json<Partial<Record<'en' | 'zh' | 'ja', string>>>;
  descriptionI18n: Json<Partial<Record<'en' | 'zh' | 'ja', string>>>;
  tagsI18n: Json<Partial<Record<'en' | 'zh' | 'ja', string[]>>>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Nullable: a brand imported without createdAt sorts as the oldest (spec §3). */
  createdAt: ColumnType<Date | null, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date | null, Date | string | undefined, Date | string>;
  /** lower(name, description and tags, in every language), kept by the database (schema.sql); what a search reads. */
  searchText: GeneratedAlways<string>;
  /** The brand page's address, /brands/<slug>/; set by the database from the name (schema.sql). */
  slug: Generated<string | null>;
  /** Its place in the public directory (src/shared/leases/directory.ts) and the day a coming-soon brand opens. */
  directoryState: Generated<string>;
  openingOn: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The lost-update check's counter, bumped by the database on every change (schema.sql, decision 033). */
  version: Generated<number>;
}

export interface InquiriesTable {
  id: Generated<string>;
  /** Null once destroyed (issue 24), as every personal column. */
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  attachments: ColumnType<string[], string[] | undefined, string[]>;
  createdAt: Timestamp;
  /**
   * Set by clients that may resend (the contact form); unique, so a resend cannot store twice. Only ever
   * updated to null: an expired key is forgotten (IDEMPOTENCY_KEY_TTL_MS).
   */
  idempotencyKey: ColumnType<string | null, string | null | undefined, null>;
  company: ColumnType<string | null, string | null | undefined, string | null>;
  businessType: ColumnType<string | null, string | null | undefined, string | null>;
  desiredFloors: ColumnType<string[], string[] | undefined, string[]>;
  desiredAreaM2: ColumnType<{ min: number | null; max: number | null } | null, string | null | undefined, string | null>;
  /** A date column: read as text (YYYY-MM-DD) through to_char, written as text. */
  moveInDate: ColumnType<Date | string | null, string | null | undefined, string | null>;
  preferredContact: ColumnType<string | null, string | null | undefined, string | null>;
  source: ColumnType<{ path: string | null; referrer: string | null; utm: Record<string, string> } | null, string | null | undefined, string | null>;
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<string, string | undefined, string>;
  /** A code of src/shared/lost-reasons.ts; `lostReasonText` holds the words of "other". */
  lostReason: ColumnType<string | null, string | null | undefined, string | null>;
  lostReasonText: ColumnType<string | null, string | null | undefined, string | null>;
  firstStatusChangeAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  unitId: ColumnType<string | null, string | null | undefined, string | null>;
  unitFloor: ColumnType<string | null, string | null | undefined, string | null>;
  unitNumber: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who works it (an agent or owner), the next step's day, first staff touch, the reminder sent. */
  assigneeId: ColumnType<string | null, string | null | undefined, string | null>;
  nextStepOn: ColumnType<Date | string | null, string | null | undefined, string | null>;
  touchedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  remindedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The collection notice the visitor acknowledged (a version of content/privacy-notice/) and when (issue 24). */
  privacyNoticeVersion: ColumnType<string | null, string | null | undefined, string | null>;
  privacyNoticeAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The separate, optional marketing choice and when it was made (on the text of privacyNoticeVersion). */
  marketingConsent: ColumnType<boolean, boolean | undefined, boolean>;
  marketingConsentAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** lower(name, company, email, phone, message), kept by the database; what the inbox search reads. */
  searchText: GeneratedAlways<string | null>;
  /** Issue 24: when its personal data was destroyed; when processing was stopped at the visitor's request. */
  destroyedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  suspendedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The lost-update check's counter, bumped by the database on every change (schema.sql, decision 033). */
  version: Generated<number>;
}

/** Each inquiry's first response (a status change or a note), kept by a trigger on inquiry_history (decision 044). */
export interface InquiryFirstResponsesTable {
  inquiryId: string;
  at: Timestamp;
  seq: ColumnType<string, string | number | bigint, string | number | bigint>;
  actorId: string | null;
}

/** Append-only history of an inquiry's status changes and notes. */
export interface InquiryHistoryTable {
  id: Generated<string>;
  inquiryId: string;
  at: Timestamp;
  status: string | null;
  note: string | null;
  lostReason: string | null;
  lostReasonText: ColumnType<string | null, string | null | undefined, string | null>;
  actorId: ColumnType<string | null, string | null | undefined, string | null>;
  assigned: Generated<boolean>;
  assigneeId: ColumnType<string | null, string | null | undefined, string | null>;
  nextStepChanged: Generated<boolean>;
  nextStepOn: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Which of the prospect's own fields a correction changed (names only). */
  corrected: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** Write order, for entries that share a clock reading. */
  seq: Generated<string>;
}

/** Notifications to deliver (one row per channel and inquiry). */
export interface OutboxTable {
  id: Generated<string>;
  /** Null for staff mails (their subject is in `payload`). */
  inquiryId: ColumnType<string | null, string | null | undefined, string | null>;
  channel: string;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  dedupeKey: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lockedUntil: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sentAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lastError: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

/** Staff sessions: only the sha256 of the opaque token is stored. */
export interface SessionsTable {
  tokenHash: string;
  id: Generated<string>;
  userId: string | null;
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: Timestamp;
  lastUsedAt: Timestamp;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  revokedAt: ColumnType<Date | null, Date | string | undefined, Date | string>;
  /** Wrong codes given from this session to turn TOTP off (the fifth ends the session). */
  codeFailures: Generated<number>;
}

/** Failed logins per client, for the 5-per-15-minutes limit. */
export interface LoginAttemptsTable {
  id: Generated<string>;
  clientKey: string;
  /** The username tried, lower-cased (the per-account bound). */
  account: ColumnType<string | null, string | null | undefined, string | null>;
  at: Timestamp;
}

/** One row per brochure download, counted by language. */
export interface BrochureDownloadsTable {
  id: Generated<string>;
  lang: string;
  at: Timestamp;
}

/** Write counters per data set (bumped by triggers), for validating cached reads. */
export interface DataVersionsTable {
  name: string;
  version: ColumnType<string, never, never>;
}

/** One counted request of a throttled action (src/server/http/throttle.ts); the client key is hashed. */
export interface ThrottleHitsTable {
  id: Generated<string>;
  bucket: string;
  clientKey: string;
  at: Timestamp;
}

/** Clients that signed in as admin lately: exempt from the global login failure bound. */
export interface LoginTrustedClientsTable {
  clientKey: string;
  at: Timestamp;
}

/** Leasable units (available spaces); prices are whole KRW (bigint, read as string by pg). */
export interface UnitsTable {
  id: Generated<string>;
  floor: string;
  unitNumber: string;
  exclusiveAreaM2: number;
  supplyAreaM2: number;
  uses: ColumnType<string[], string[] | undefined, string[]>;
  status: string;
  /** A date column: pg and PGlite read it as a Date at UTC midnight (or a 'YYYY-MM-DD' string). */
  availableFrom: ColumnType<Date | string | null, string | null | undefined, string | null>;
  monthlyRent: ColumnType<string | number | null, number | null | undefined, number | null>;
  deposit: ColumnType<string | number | null, number | null | undefined, number | null>;
  maintenanceFee: ColumnType<string | number | null, number | null | undefined, number | null>;
  pricePublic: Generated<boolean>;
  plan: string | null;
  note: Json<Partial<Record<string, string>>>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The lost-update check's counter, bumped by the database on every change (schema.sql, decision 033). */
  version: Generated<number>;
}

/** A deleted brand or unit, kept for the undo window (src/server/undo.ts). */
export interface DeletedRecordsTable {
  entity: string;
  id: string;
  record: Json<unknown>;
  deletedAt: Timestamp;
}

/** Every address a unit page had (schema.sql): floor and lower-cased number → the unit that last had it. */
export interface UnitAddressesTable {
  floor: string;
  unitKey: string;
  unitId: string;
}

/** Every slug a brand page had (schema.sql): an old one redirects to the brand's current page. */
export interface BrandSlugsTable {
  slug: string;
  brandId: string;
}

/** Who viewed or downloaded which inquiries (schema.sql, issue 25): ids and counts only, append-only. */
export interface AccessRecordsTable {
  id: Generated<string>;
  at: Timestamp;
  actorId: string | null;
  actorName: string | null;
  action: string;
  inquiryIds: ColumnType<string[], string[] | undefined, string[]>;
  targetId: string | null;
  rowCount: number | null;
  reason: string | null;
  reasonText: string | null;
  clientAddress: string | null;
}

/** One monthly access review: when it was mailed to the owners and who marked it done. */
export interface AccessReviewsTable {
  id: Generated<string>;
  month: string;
  mailedAt: Timestamp;
  doneAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  doneBy: string | null;
}

/** Site visits (issue 26). No copy of the prospect's contact details: those are read from the inquiry. */
export interface ToursTable {
  id: Generated<string>;
  inquiryId: string;
  hostId: string;
  status: Generated<string>;
  startsAt: ColumnType<Date, Date | string, Date | string>;
  endsAt: ColumnType<Date, Date | string, Date | string>;
  busyUntil: ColumnType<Date, Date | string, Date | string>;
  unitIds: ColumnType<string[], string[] | undefined, string[]>;
  meetingPoint: string | null;
  messageToProspect: string | null;
  internalNotes: string | null;
  locale: Generated<string>;
  sequence: Generated<number>;
  cancelReason: ColumnType<string | null, string | null | undefined, string | null>;
  interest: ColumnType<number | null, number | null | undefined, number | null>;
  feedback: ColumnType<string | null, string | null | undefined, string | null>;
  nextStep: ColumnType<string | null, string | null | undefined, string | null>;
  nextStepOn: ColumnType<Date | string | null, string | null | undefined, string | null>;
  outcomeAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outcomeRemindedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  prospectRemindedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The lost-update check's counter (decision 033), bumped by the database. */
  version: Generated<number>;
}

/** A staff member's private calendar feed: the sha256 of its token (an HMAC of `id`). */
export interface CalendarFeedsTable {
  userId: string;
  id: string;
  tokenHash: string;
  createdAt: Timestamp;
}

/** Each space's status at the end of each Korean calendar day (reports: vacancy over time, days on market). */
export interface UnitStatusDaysTable {
  /** A date column: written as 'YYYY-MM-DD'. */
  day: ColumnType<Date | string, string, string>;
  unitId: string;
  floor: string;
  unitNumber: string;
  status: string;
  exclusiveAreaM2: number;
}

/** A visitor's privacy request (issue 24, src/server/privacy/requests.ts). */
export interface PrivacyRequestsTable {
  id: Generated<string>;
  kind: string;
  /** The requester's address; cleared when the request is closed and its outcome mailed. */
  email: string | null;
  lang: Generated<string>;
  details: string | null;
  tokenHash: string | null;
  status: Generated<string>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  confirmedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  dueAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  remindedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outcome: string | null;
  outcomeNote: string | null;
  inquiryIds: ColumnType<string[], string[] | undefined, string[]>;
  /** The lost-update check's counter (decision 033), bumped by the database. */
  version: Generated<number>;
}

/** A staff member's TOTP key (issue 25): pending until the first code confirms it, then on. */
export interface UserTotpTable {
  userId: string;
  /** Base32; on while `enabledAt` is set. */
  secret: string | null;
  /** A key shown but not yet confirmed with a code. */
  pendingSecret: string | null;
  enabledAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last time step a code was accepted for: a code is never accepted twice (RFC 6238 §5.2). */
  lastStep: ColumnType<string | number | null, number | null | undefined, number | null>;
  updatedAt: Timestamp;
}

/** Single-use recovery codes: the sha256 of the user's id and the code only. */
export interface RecoveryCodesTable {
  id: Generated<string>;
  userId: string;
  codeHash: string;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
}

/** The second step of a password sign-in: the sha256 of the challenge token, five minutes, five wrong codes. */
export interface SecondFactorChallengesTable {
  id: Generated<string>;
  tokenHash: string;
  userId: string;
  clientAddress: string | null;
  failures: ColumnType<number, number | undefined, number>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createdAt: Timestamp;
}

type Moment = ColumnType<Date, Date | string, Date | string>;
type MaybeMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * A proposal version (issue 39). `terms`, `asking` and `metrics` are DealTerms, AskingSnapshot and DealMetrics
 * (src/shared/deals); `validUntil` is a date (read it with to_char, as other day columns). `version` is the
 * negotiation's version number, `revision` the lost-update counter.
 */
export interface ProposalsTable {
  id: string;
  inquiryId: string;
  rootId: string;
  parentId: string | null;
  /** The lease this proposal renews (issue 40), or null. */
  renewalOf: Generated<string | null>;
  version: number;
  proposedBy: Generated<string>;
  status: Generated<string>;
  unitIds: string[];
  terms: Json<unknown>;
  asking: Json<unknown>;
  metrics: Json<unknown>;
  validUntil: ColumnType<Date, string, string>;
  locale: Generated<string>;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedBy: string | null;
  updatedAt: Timestamp;
  submittedBy: string | null;
  submittedAt: MaybeMoment;
  sentBy: string | null;
  sentAt: MaybeMoment;
  answeredAt: MaybeMoment;
  revision: Generated<number>;
}

export interface ProposalApprovalsTable {
  id: Generated<string>;
  proposalId: string;
  proposalRevision: number;
  rules: Json<unknown>;
  requestedBy: string | null;
  requestedAt: Timestamp;
  decision: string | null;
  approverId: string | null;
  decidedAt: MaybeMoment;
  comment: string | null;
}

export interface ProposalLinksTable {
  id: string;
  proposalId: string;
  tokenHash: string;
  recipient: string | null;
  locale: Generated<string>;
  createdBy: string | null;
  createdAt: Timestamp;
  expiresAt: Moment;
  firstViewedAt: MaybeMoment;
  lastViewedAt: MaybeMoment;
  revokedAt: MaybeMoment;
  decidedAt: MaybeMoment;
}

export interface ProposalLinkCodesTable {
  id: string;
  linkId: string;
  codeHash: string;
  createdAt: Timestamp;
  expiresAt: Moment;
  failures: Generated<number>;
  usedAt: MaybeMoment;
}

export interface ProposalResponsesTable {
  id: Generated<string>;
  proposalId: string;
  linkId: string | null;
  decision: string;
  at: Moment;
  atKst: string;
  clientAddress: string | null;
  userAgent: string | null;
  pdfSha256: string;
  pdfLocale: string;
  recipient: string | null;
  codeVerified: Generated<boolean>;
  signerName: string | null;
  signerTitle: string | null;
  company: string | null;
  consentVersion: string | null;
  reasonCode: string | null;
  message: string | null;
  counter: ColumnType<unknown | null, string | null | undefined, string | null>;
  counterProposalId: string | null;
}

export interface ProposalHoldsTable {
  proposalId: string;
  unitId: string;
  statusBefore: string;
  heldAt: Timestamp;
  until: Moment;
  releasedAt: MaybeMoment;
  releaseReason: string | null;
  /** Who released it by hand (an owner signing another inquiry's lease), why, and the lease it was released for. */
  releasedBy: ColumnType<string | null, string | null | undefined, string | null>;
  releaseNote: ColumnType<string | null, string | null | undefined, string | null>;
  releasedFor: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A date column read as text (to_char) or as a Date at UTC midnight, written as 'YYYY-MM-DD'. */
type Day = ColumnType<Date | string, string, string>;
type NullableDay = ColumnType<Date | string | null, string | null | undefined, string | null>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A lease (issue 40, src/server/leases/). `representative` and `contacts` are personal data (NULL/[] once destroyed). */
export interface LeasesTable {
  id: Generated<string>;
  inquiryId: string;
  proposalId: string | null;
  renewalOf: string | null;
  status: Generated<string>;
  overrideReason: string | null;
  legalName: Generated<string>;
  businessNumber: Generated<string>;
  representative: string | null;
  contacts: Json<{ name: string; title: string; phone: string; email: string }[]>;
  brandId: string | null;
  newBrand: ColumnType<{ name: string; category: string } | null, string | null | undefined, string | null>;
  unitIds: ColumnType<string[], string[] | undefined, string[]>;
  units: Json<{ id: string; floor: string; unitNumber: string; supplyAreaM2: number; exclusiveAreaM2: number }[]>;
  contractAreaM2: ColumnType<number, number | undefined, number>;
  exclusiveAreaM2: ColumnType<number, number | undefined, number>;
  contractOn: Day;
  handoverOn: Day;
  openingOn: NullableDay;
  commencementOn: Day;
  rentStartOn: NullableDay;
  expiresOn: Day;
  terminatesOn: NullableDay;
  endsOn: Day;
  firstRentKrw: ColumnType<string | number, number | undefined, number>;
  lastRentKrw: ColumnType<string | number, number | undefined, number>;
  terms: Json<unknown>;
  currentTerms: Json<unknown>;
  depositSchedule: Json<{ kind: string; amountKrw: number; dueOn: string }[]>;
  signedOn: NullableDay;
  signedAt: NullableTime;
  signedBy: string | null;
  documentPath: string | null;
  agentId: string | null;
  createdBy: string | null;
  expiringNotifiedAt: NullableTime;
  spacesReleasedAt: NullableTime;
  personalDestroyedAt: NullableTime;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The lost-update check's counter (decision 033), bumped by the database. */
  version: Generated<number>;
}

/** A lease's amendment, in the order made (never updated). */
export interface LeaseAmendmentsTable {
  id: Generated<string>;
  leaseId: string;
  number: number;
  effectiveOn: Day;
  changes: Json<Record<string, unknown>>;
  before: Json<Record<string, unknown>>;
  reason: string;
  createdBy: string | null;
  createdAt: Timestamp;
}

/** A month of a lease's generated rent schedule (whole won; bigint read as a string by pg). */
export interface LeaseScheduleMonthsTable {
  leaseId: string;
  month: number;
  phase: string;
  periodStart: Day;
  periodEnd: Day;
  leaseYear: number;
  step: number;
  rentKrw: ColumnType<string | number, number, number>;
  freeRent: boolean;
  rentDueKrw: ColumnType<string | number, number, number>;
  maintenanceKrw: ColumnType<string | number, number, number>;
  amendment: ColumnType<number, number | undefined, number>;
  partial: ColumnType<boolean, boolean | undefined, boolean>;
}
