import * as v from 'valibot';
import { objectMessages } from './object-messages.ts';
import { daySchema, daysInclusive, periodMessages, withSpanRule } from './periods.ts';
import type { LostReason } from './lost-reasons.ts';
import type { ProposalsReport } from './proposals/report.ts';

export type { ProposalsReport };

/**
 * The owner's reports (issue 27): what each one answers, the period it is asked for, and the rules the
 * server's queries and the panel's charts share. Days are Korean calendar days; weeks start on Monday.
 */
/** `rent-roll` and `expiries` (issue 40) read the leases as of the period's last day; `proposals` (issue 39) the proposals. */
export const REPORTS = ['funnel', 'sources', 'speed', 'team', 'spaces', 'rent-roll', 'expiries', 'proposals'] as const;
export type ReportName = (typeof REPORTS)[number];
export const REPORT_INTERVALS = ['week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** The longest period one request may span: two years of weeks is already 105 bars. */
export const REPORT_MAX_DAYS = 2 * 366;

/** The funnel's stages in order; reaching a later one means every earlier one was passed. */
export const FUNNEL_STAGES = ['contacted', 'touring', 'proposal', 'won'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

const msg = (key: string) => `reports.errors.${key}`;
const PERIOD_MESSAGES = periodMessages('reports');


/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD&interval=week|month&format=csv` — the shared period rule (src/shared/periods.ts):
 * real days within its years, from ≤ to, at most REPORT_MAX_DAYS days.
 */
export const ReportQuerySchema = withSpanRule(
  v.strictObject(
    {
      from: daySchema(PERIOD_MESSAGES),
      to: daySchema(PERIOD_MESSAGES),
      interval: v.optional(v.picklist(REPORT_INTERVALS, msg('intervalInvalid')), 'week'),
      format: v.optional(v.picklist(['json', 'csv'], msg('formatInvalid')), 'json'),
    },
    objectMessages({}, msg('dateInvalid'), msg('queryInvalid')),
  ),
  PERIOD_MESSAGES,
  REPORT_MAX_DAYS,
);
export type ReportQuery = v.InferOutput<typeof ReportQuerySchema>;

/** The start (a Korean day) of the week or month a Korean day falls in. */
export function periodStart(day: string, interval: ReportInterval): string {
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Every period start from the one holding `from` to the one holding `to`: the rows a report always has, empty or not. */
export function periodStarts(from: string, to: string, interval: ReportInterval): string[] {
  const starts: string[] = [];
  const date = new Date(`${periodStart(from, interval)}T00:00:00Z`);
  // Compared as instants, not as text: past the year 9999 the ISO text ("+010000-…") sorts before "9999".
  const last = Date.parse(`${to}T00:00:00Z`);
  while (date.getTime() <= last) {
    starts.push(date.toISOString().slice(0, 10));
    if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
    else date.setUTCDate(date.getUTCDate() + 7);
  }
  return starts;
}

/** Shifts a Korean day by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The period just before one, as long in days: what "compare with the previous period" reads. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysInclusive(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'thisQuarter', 'lastQuarter', 'last3Months', 'year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/**
 * The days of a preset as of a Korean day `today`: this month so far, last month, this calendar quarter so far
 * (1–3월, 4–6월, 7–9월, 10–12월), the last whole quarter, the last three months (this one and the two before), the
 * last twelve months. Weeks up to a quarter; months read better beyond.
 * @example presetPeriod('lastQuarter', '2026-02-10') // { from: '2025-10-01', to: '2025-12-31', interval: 'week' }
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): { from: string; to: string; interval: ReportInterval } {
  const month = (back: number) => {
    const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() - back);
    return date.toISOString().slice(0, 10);
  };
  // Months back from this one to the first month of its quarter.
  const intoQuarter = (Number(today.slice(5, 7)) - 1) % 3;
  switch (preset) {
    case 'thisMonth':
      return { from: month(0), to: today, interval: 'week' };
    case 'lastMonth':
      return { from: month(1), to: addDays(month(0), -1), interval: 'week' };
    case 'thisQuarter':
      return { from: month(intoQuarter), to: today, interval: 'week' };
    case 'lastQuarter':
      return { from: month(intoQuarter + 3), to: addDays(month(intoQuarter), -1), interval: 'week' };
    case 'last3Months':
      return { from: month(2), to: today, interval: 'week' };
    case 'year':
      return { from: month(11), to: today, interval: 'month' };
  }
}

/** Where a visit came from, as peers group it (issue 27). */
export const CHANNELS = ['direct', 'search', 'social', 'referral', 'campaign'] as const;
export type Channel = (typeof CHANNELS)[number];

const SEARCH_HOSTS = ['google.', 'naver.com', 'daum.net', 'bing.com', 'yahoo.', 'baidu.com', 'yandex.', 'duckduckgo.com', 'ecosia.org', 'zum.com'];
const SOCIAL_HOSTS = ['facebook.com', 'instagram.com', 'twitter.com', 'x.com', 't.co', 'linkedin.com', 'lnkd.in', 'kakao.com', 'youtube.com', 'threads.net', 'band.us', 'weibo.com', 'line.me', 'tiktok.com', 'pinterest.'];
const hostMatches = (host: string, names: readonly string[]) =>
  names.some((name) => (name.endsWith('.') ? host.startsWith(name) || host.includes(`.${name}`) : host === name || host.endsWith(`.${name}`)));

/**
 * The channel of a visit: any utm_source or utm_campaign makes it a campaign; else the referrer's host
 * names a search engine, a social network or another site; no referrer (or our own site) is direct.
 * `ownHost` is the site's host, so moving between its own pages is not a referral.
 * @example channelOf({ referrerHost: 'm.search.naver.com' }) // 'search'
 */
export function channelOf(visit: { utmSource?: string | null; utmCampaign?: string | null; referrerHost?: string | null }, ownHost?: string): Channel {
  if (visit.utmSource || visit.utmCampaign) return 'campaign';
  const host = visit.referrerHost?.toLowerCase().replace(/^www\./, '');
  if (!host || (ownHost && host === ownHost.toLowerCase().replace(/^www\./, ''))) return 'direct';
  // Naver's and Daum's blogs and cafés are social, their search is search.
  if (/^(m\.)?(blog|cafe)\.(naver\.com|daum\.net)$/.test(host)) return 'social';
  if (hostMatches(host, SEARCH_HOSTS)) return 'search';
  if (hostMatches(host, SOCIAL_HOSTS)) return 'social';
  return 'referral';
}

/** Exclusive area bands of the spaces report, in m² (lower bound included). */
export const AREA_BANDS = [
  { key: 'under50', min: 0 },
  { key: '50to100', min: 50 },
  { key: '100to200', min: 100 },
  { key: '200plus', min: 200 },
] as const;
export type AreaBand = (typeof AREA_BANDS)[number]['key'];

export function areaBandOf(areaM2: number): AreaBand {
  return [...AREA_BANDS].reverse().find((band) => areaM2 >= band.min)!.key;
}

/** A space counts as vacant until it is leased (negotiating is still on the market). */
export const OCCUPIED_STATUS = 'leased';
export const isVacantStatus = (status: string) => status !== OCCUPIED_STATUS;

// ---- What each report answers (GET /api/reports/{name}) ----

export interface FunnelCounts {
  inquiries: number;
  contacted: number;
  toured: number;
  proposal: number;
  won: number;
  lost: number;
}
export interface FunnelReport {
  periods: ({ start: string } & FunnelCounts)[];
  totals: FunnelCounts;
  /** Every reason of the fixed list in its order (zeros too); `null` last for those lost without one. */
  lostReasons: { reason: LostReason | null; count: number }[];
  /** The words given for "other", grouped as written: only for readers who see inquiries unmasked. */
  otherReasons?: { text: string; count: number }[];
}

export interface SourceRow {
  key: string;
  inquiries: number;
  won: number;
  lost: number;
  /** won / (won + lost); null while none of them is decided. */
  winRate: number | null;
}
export interface SourcesReport {
  total: number;
  channels: SourceRow[];
  campaigns: SourceRow[];
  languages: SourceRow[];
  floors: SourceRow[];
  uses: SourceRow[];
}

export interface SpeedFigures {
  /** Inquiries of the period answered (a status change or a note). */
  answered: number;
  medianFirstResponseMinutes: number | null;
  p90FirstResponseMinutes: number | null;
  /** Of those answered or past their target: answered within the owner's reminder hours. */
  withinTargetShare: number | null;
  /** Still unanswered and past the target now. */
  overdue: number;
}
export interface SpeedReport extends SpeedFigures {
  targetHours: number;
  periods: ({ start: string } & SpeedFigures)[];
  /** Per person who answered first (left out for viewers: the team's totals only). */
  byPerson?: ({ userId: string | null; name: string | null } & SpeedFigures)[];
}

export interface TeamRow {
  userId: string;
  name: string;
  assigned: number;
  contacted: number;
  toursHeld: number;
  proposals: number;
  won: number;
  medianFirstResponseMinutes: number | null;
}
export interface TeamReport {
  people: TeamRow[];
  /** False until the tours table exists: the column then shows a dash, not a zero. */
  toursRecorded: boolean;
}

export interface VacancyCounts {
  units: number;
  vacant: number;
  areaM2: number;
  vacantAreaM2: number;
}
export interface SpacesReport {
  asOf: string;
  vacant: { unitId: string; floor: string; unitNumber: string; status: string; areaM2: number; daysOnMarket: number; inquiries: number; tours: number | null }[];
  /** Per period, the spaces as they stood on its last recorded day (`day`; null before recording began). */
  vacancyByPeriod: ({ start: string; day: string | null; floors: ({ floor: string } & VacancyCounts)[]; bands: ({ band: AreaBand } & VacancyCounts)[] } & VacancyCounts)[];
  byFloor: ({ floor: string } & VacancyCounts)[];
  byAreaBand: ({ band: AreaBand } & VacancyCounts)[];
  inquiriesBySpace: { unitId: string; floor: string; unitNumber: string; inquiries: number; tours: number | null }[];
  toursRecorded: boolean;
}

/** A lease in force on the day (issue 40): tenant, spaces, areas, the month's rent and 관리비, the deposit held. */
export interface RentRollRow {
  leaseId: string;
  tenant: string;
  brand: string | null;
  /** "10F 1001, 1002" (codes, for API clients). */
  spaces: string;
  /** The spaces, for a reader's words (units.space: "10층 1001호"). */
  units: { floor: string; unitNumber: string }[];
  status: string;
  contractAreaM2: number;
  exclusiveAreaM2: number;
  /** The month's contractual rent (before rent-free), the rent due and 관리비: the schedule's row of the day. */
  rentKrw: number;
  rentDueKrw: number;
  maintenanceKrw: number;
  depositKrw: number;
  /** The deposit's installments due by the day (계약금/중도금/잔금). */
  depositHeldKrw: number;
  commencementOn: string;
  endsOn: string;
}
export interface RentRollReport {
  asOf: string;
  leases: RentRollRow[];
  totals: { leases: number; contractAreaM2: number; rentKrw: number; rentDueKrw: number; maintenanceKrw: number; depositHeldKrw: number };
}

/** Per quarter for five years: what expires and how full the building stays; occupancy now; WALE (issue 40). */
export interface ExpiriesReport {
  asOf: string;
  totalAreaM2: number;
  occupancy: { leasedAreaM2: number; share: number | null };
  wale: { byArea: number | null; byRent: number | null };
  quarters: { quarter: string; leases: number; areaM2: number; monthlyRentKrw: number; leasedAreaM2: number; occupancyShare: number | null }[];
}

export type ReportOf<N extends ReportName> = N extends 'rent-roll'
  ? RentRollReport
  : N extends 'expiries'
    ? ExpiriesReport
    : N extends 'funnel'
  ? FunnelReport
  : N extends 'sources'
    ? SourcesReport
    : N extends 'speed'
      ? SpeedReport
      : N extends 'team'
        ? TeamReport
        : N extends 'spaces'
          ? SpacesReport
          : ProposalsReport;
