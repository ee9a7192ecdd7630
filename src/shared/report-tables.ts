import type { Translate } from '../i18n/translate.ts';
import type { ApprovalFigures, ConversionCounts, DiscountGroup, RoundFigures } from './proposals/report.ts';
import { spaceName } from './units/space-name.ts';
import { FUNNEL_STAGES, type ProposalsReport, type ExpiriesReport, type RentRollReport, type FunnelCounts, type FunnelReport, type ReportInterval, type ReportName, type ReportOf, type SourceRow, type SpacesReport, type SpeedFigures, type SpeedReport, type TeamReport } from './reports.ts';

/**
 * Every chart's numbers as a table (issue 27): what the panel shows beside the chart, what the chart is drawn
 * from, and what its CSV holds, defined once — so screen, chart and spreadsheet never disagree. A cell is a
 * number, a text as stored (a period's first day, a campaign, the words of an "other" lost reason), a
 * dictionary key to translate (`{ key }`), or null (nothing to show: no answer yet, no tours). Shares are
 * fractions rounded to four places (0.2513); the panel shows them as percentages, the CSV as they are.
 *
 * A new report (proposals, leases) adds its tables here: query → table → chart → CSV.
 */
export type Cell = string | number | null | { key: string } | { spaces: readonly SpaceRef[] };
/** A space as a cell names it: written by the reader's words (units.space), never as its codes ("10F 1001"). */
export interface SpaceRef {
  floor: string;
  unitNumber: string;
}
/** A column: a name of `reports.columns`, or a week's or month's column named by its first day. */
export type Column = string | { period: string; interval: ReportInterval };
export interface ReportTable {
  name: string;
  columns: Column[];
  /** Columns holding fractions (shown as percentages). */
  shares?: string[];
  rows: Cell[][];
}

/** A cell of spaces as the panel and the CSV write them: each the one way (units.space), as the staff mails list them. */
export const spacesText = (t: Translate, spaces: readonly SpaceRef[]): string => spaces.map((space) => spaceName(t, space)).join(', ');

/** A text cell in the reader's words: a calendar quarter as stored ('2027-Q1') reads "2027년 1분기"; others as they are. */
export function textCell(t: Translate, cell: string): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(cell);
  return quarter ? t('reports.quarterOf', { year: quarter[1]!, quarter: quarter[2]! }) : cell;
}

/** A column's name: its dictionary name, or its period's first day. */
export const columnName = (column: Column): string => (typeof column === 'string' ? column : column.period);

/** A fraction rounded as every table keeps it (four places), or null when there is nothing to divide. */
export const shareOf = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

const label = (key: string): Cell => ({ key });
/** A source key as stored, or "not given" for an empty one. */
const given = (value: string): Cell => (value === '' ? label('reports.none') : value);
/** A floor or a use by its name in the reader's language ("지하 1층", "의료"), never its code. */
const floorCell = (floor: string): Cell => (floor === '' ? label('reports.none') : label(`units.floor.${floor}`));
const useCell = (use: string): Cell => (use === '' ? label('reports.none') : label(`brands.category.${use}`));
const sourceRows = (rows: SourceRow[], keyCell: (key: string) => Cell) => rows.map((row) => [keyCell(row.key), row.inquiries, row.won, row.lost, row.winRate]);
const SOURCE_COLUMNS = ['inquiries', 'won', 'lost', 'winRate'];

/**
 * The funnel: each stage's count per week or month (the columns its chart over time shows), the total and the
 * conversion from the stage before; then the same per period as rows; why inquiries were lost, and "other"'s
 * words for those who may read them.
 */
function funnelTables(report: FunnelReport, interval: ReportInterval): ReportTable[] {
  const stages = (counts: FunnelCounts) => [counts.inquiries, counts.contacted, counts.toured, counts.proposal, counts.won];
  const totals = stages(report.totals);
  const names = ['inquiries', ...FUNNEL_STAGES] as const;
  const tables: ReportTable[] = [
    {
      name: 'funnel',
      columns: ['stage', ...report.periods.map((p) => ({ period: p.start, interval })), 'count', 'conversion'],
      shares: ['conversion'],
      rows: [
        ...names.map((stage, index) => [
          label(`reports.stages.${stage}`),
          ...report.periods.map((p) => stages(p)[index]!),
          totals[index]!,
          index === 0 ? null : shareOf(totals[index]!, totals[index - 1]!),
        ]),
        [label('reports.stages.lost'), ...report.periods.map((p) => p.lost), report.totals.lost, shareOf(report.totals.lost, totals[0]!)],
      ],
    },
    {
      name: 'funnelByPeriod',
      columns: ['period', 'inquiries', 'contacted', 'touring', 'proposal', 'won', 'lost'],
      rows: report.periods.map((p) => [p.start, p.inquiries, p.contacted, p.toured, p.proposal, p.won, p.lost]),
    },
    {
      name: 'lostReasons',
      columns: ['reason', 'count'],
      rows: report.lostReasons.map((row) => [label(row.reason === null ? 'reports.none' : `lostReasons.reasons.${row.reason}`), row.count]),
    },
  ];
  if (report.otherReasons) tables.push({ name: 'otherReasons', columns: ['otherReason', 'count'], rows: report.otherReasons.map((row) => [row.text, row.count]) });
  return tables;
}

const SPEED_COLUMNS = ['answered', 'medianMinutes', 'p90Minutes', 'withinTarget', 'overdue'];
const speedCells = (f: SpeedFigures): Cell[] => [f.answered, f.medianFirstResponseMinutes, f.p90FirstResponseMinutes, f.withinTargetShare, f.overdue];

function speedTables(report: SpeedReport): ReportTable[] {
  const tables: ReportTable[] = [
    { name: 'speed', columns: ['period', ...SPEED_COLUMNS], shares: ['withinTarget'], rows: [...report.periods.map((p) => [p.start, ...speedCells(p)]), [label('reports.total'), ...speedCells(report)]] },
  ];
  if (report.byPerson) {
    tables.push({ name: 'speedByPerson', columns: ['person', ...SPEED_COLUMNS], shares: ['withinTarget'], rows: report.byPerson.map((p) => [p.name ?? label('reports.nobody'), ...speedCells(p)]) });
  }
  return tables;
}

function teamTables(report: TeamReport): ReportTable[] {
  return [
    {
      name: 'team',
      columns: ['person', 'assigned', 'contacted', 'toursHeld', 'proposals', 'won', 'medianMinutes'],
      rows: report.people.map((p) => [p.name, p.assigned, p.contacted, report.toursRecorded ? p.toursHeld : null, p.proposals, p.won, p.medianFirstResponseMinutes]),
    },
  ];
}

function spacesTables(report: SpacesReport): ReportTable[] {
  const vacancy = (name: string, first: string, rows: { key: Cell; units: number; vacant: number; areaM2: number; vacantAreaM2: number }[], extra: string[] = [], extras: Cell[][] = []): ReportTable => ({
    name,
    columns: [first, ...extra, 'units', 'vacant', 'vacantShare', 'areaM2', 'vacantAreaM2'],
    shares: ['vacantShare'],
    rows: rows.map((row, index) => [row.key, ...(extras[index] ?? []), row.units, row.vacant, shareOf(row.vacantAreaM2, row.areaM2), row.areaM2, row.vacantAreaM2]),
  });
  return [
    {
      name: 'vacant',
      columns: ['floor', 'unitNumber', 'status', 'areaM2', 'daysOnMarket', 'inquiries', 'tours'],
      rows: report.vacant.map((u) => [floorCell(u.floor), u.unitNumber, label(`reports.unitStatus.${u.status}`), u.areaM2, u.daysOnMarket, u.inquiries, u.tours]),
    },
    vacancy('vacancyByPeriod', 'period', report.vacancyByPeriod.map((p) => ({ ...p, key: p.start })), ['recordedOn'], report.vacancyByPeriod.map((p) => [p.day])),
    vacancy('vacancyByFloor', 'floor', report.byFloor.map((f) => ({ ...f, key: floorCell(f.floor) }))),
    vacancy('vacancyByAreaBand', 'areaBand', report.byAreaBand.map((b) => ({ ...b, key: label(`reports.bands.${b.band}`) }))),
    {
      name: 'inquiriesBySpace',
      columns: ['floor', 'unitNumber', 'inquiries', 'tours'],
      rows: report.inquiriesBySpace.map((s) => [floorCell(s.floor), s.unitNumber, s.inquiries, s.tours]),
    },
  ];
}

/**
 * Proposals (issue 39): conversion by the period of the first sending, rounds and days to acceptance, owners'
 * approval turnaround, and the discount vs asking (by NER) by floor and use. Shares and discounts are fractions.
 */
function proposalsTables(report: ProposalsReport): ReportTable[] {
  const conversion = (c: ConversionCounts): Cell[] => [c.sent, c.accepted, c.declined, c.open, c.lapsed, shareOf(c.accepted, c.sent)];
  const rounds = (r: RoundFigures): Cell[] => [r.accepted, r.averageRounds, r.medianDays, r.maxDays];
  const approvals = (a: ApprovalFigures): Cell[] => [a.decided, a.approved, a.rejected, a.changesRequested, a.medianHours, a.p90Hours];
  const discount = (d: DiscountGroup): Cell[] => [d.proposals, d.averageDiscountPct === null ? null : Math.round(d.averageDiscountPct * 100) / 10_000, d.averageNerPerM2, d.contractAreaM2];
  const DISCOUNT_COLUMNS = ['proposals', 'averageDiscount', 'averageNer', 'contractAreaM2'];
  return [
    {
      name: 'proposalConversion',
      columns: ['period', 'sent', 'accepted', 'declined', 'open', 'lapsed', 'acceptance'],
      shares: ['acceptance'],
      rows: [...report.conversion.map((c) => [c.start, ...conversion(c)]), [label('reports.total'), ...conversion(report.conversionTotal)]],
    },
    {
      name: 'proposalRounds',
      columns: ['period', 'accepted', 'averageRounds', 'medianDays', 'maxDays'],
      rows: [...report.rounds.map((r) => [r.start, ...rounds(r)]), [label('reports.total'), ...rounds(report.roundsTotal)]],
    },
    {
      name: 'approvalTurnaround',
      columns: ['period', 'decided', 'approved', 'rejected', 'changesRequested', 'medianHours', 'p90Hours'],
      rows: [...report.approvals.map((a) => [a.start, ...approvals(a)]), [label('reports.total'), ...approvals(report.approvalsTotal)]],
    },
    { name: 'discountByFloor', columns: ['floor', ...DISCOUNT_COLUMNS], shares: ['averageDiscount'], rows: report.byFloor.map((d) => [floorCell(d.floor), ...discount(d)]) },
    { name: 'discountByUse', columns: ['use', ...DISCOUNT_COLUMNS], shares: ['averageDiscount'], rows: report.byUse.map((d) => [d.use ? label(`brands.category.${d.use}`) : label('reports.none'), ...discount(d)]) },
  ];
}

/** The tables of a report, in the order the panel shows them; `interval` names the columns of weeks or months. */
/** The rent roll (issue 40): every lease in force on the day, then the totals. */
function rentRollTables(report: RentRollReport): ReportTable[] {
  const { totals } = report;
  return [{
    name: 'rentRoll',
    columns: ['tenant', 'brand', 'spaces', 'leaseStatus', 'contractArea', 'exclusiveArea', 'rent', 'rentDue', 'maintenance', 'depositHeld', 'commencement', 'leaseEnd'],
    rows: [
      ...report.leases.map((row) => [
        row.tenant, row.brand ?? label('reports.none'), { spaces: row.units }, label(`reports.leaseStatus.${row.status}`), row.contractAreaM2, row.exclusiveAreaM2,
        row.rentKrw, row.rentDueKrw, row.maintenanceKrw, row.depositHeldKrw, row.commencementOn, row.endsOn,
      ]),
      [label('reports.total'), null, null, null, totals.contractAreaM2, null, totals.rentKrw, totals.rentDueKrw, totals.maintenanceKrw, totals.depositHeldKrw, null, null],
    ],
  }];
}

/** The expiry schedule per quarter, the occupancy now and WALE (issue 40). */
function expiriesTables(report: ExpiriesReport): ReportTable[] {
  return [
    {
      name: 'expiries',
      columns: ['quarter', 'leasesExpiring', 'areaExpiring', 'rentExpiring'],
      rows: report.quarters.map((q) => [q.quarter, q.leases, q.areaM2, q.monthlyRentKrw]),
    },
    {
      // Now, then at the end of each quarter: the leases signed today holding their spaces then.
      name: 'occupancy',
      columns: ['quarter', 'leasedArea', 'totalArea', 'occupancy'],
      shares: ['occupancy'],
      rows: [
        [label('reports.now'), report.occupancy.leasedAreaM2, report.totalAreaM2, report.occupancy.share],
        ...report.quarters.map((q) => [q.quarter, q.leasedAreaM2, report.totalAreaM2, q.occupancyShare]),
      ],
    },
    {
      name: 'wale',
      columns: ['weighting', 'waleYears'],
      rows: [[label('reports.weightings.area'), report.wale.byArea], [label('reports.weightings.rent'), report.wale.byRent]],
    },
  ];
}

export function reportTables<N extends ReportName>(name: N, report: ReportOf<N>, interval: ReportInterval): ReportTable[] {
  switch (name) {
    case 'funnel':
      return funnelTables(report as FunnelReport, interval);
    case 'sources': {
      const r = report as ReportOf<'sources'>;
      return [
        { name: 'channels', columns: ['channel', ...SOURCE_COLUMNS], shares: ['winRate'], rows: sourceRows(r.channels, (key) => label(`reports.channels.${key}`)) },
        { name: 'campaigns', columns: ['campaign', ...SOURCE_COLUMNS], shares: ['winRate'], rows: sourceRows(r.campaigns, given) },
        { name: 'languages', columns: ['language', ...SOURCE_COLUMNS], shares: ['winRate'], rows: sourceRows(r.languages, (key) => (key ? label(`reports.languages.${key}`) : label('reports.none'))) },
        { name: 'floors', columns: ['floor', ...SOURCE_COLUMNS], shares: ['winRate'], rows: sourceRows(r.floors, floorCell) },
        { name: 'uses', columns: ['use', ...SOURCE_COLUMNS], shares: ['winRate'], rows: sourceRows(r.uses, useCell) },
      ];
    }
    case 'speed':
      return speedTables(report as SpeedReport);
    case 'team':
      return teamTables(report as TeamReport);
    case 'rent-roll':
      return rentRollTables(report as RentRollReport);
    case 'expiries':
      return expiriesTables(report as ExpiriesReport);
    case 'proposals':
      return proposalsTables(report as ProposalsReport);
    default:
      return spacesTables(report as SpacesReport);
  }
}
