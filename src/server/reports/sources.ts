import { sql } from 'kysely';
import { channelOf, CHANNELS, type SourceRow, type SourcesReport } from '../../shared/reports.ts';
import type { Db } from '../db/index.ts';
import { share, within, type Period } from './period.ts';

interface Group {
  utmSource: string | null;
  utmCampaign: string | null;
  host: string | null;
  locale: string | null;
  use: string | null;
  floors: string[] | null;
  n: number;
  won: number;
  lost: number;
}

class Tally {
  readonly rows = new Map<string, { inquiries: number; won: number; lost: number }>();
  add(key: string, group: Group) {
    const row = this.rows.get(key) ?? { inquiries: 0, won: 0, lost: 0 };
    row.inquiries += group.n;
    row.won += group.won;
    row.lost += group.lost;
    this.rows.set(key, row);
  }
  /** Biggest first; `keys` are always listed (as zero) in their order when given. */
  list(keys?: readonly string[]): SourceRow[] {
    for (const key of keys ?? []) if (!this.rows.has(key)) this.rows.set(key, { inquiries: 0, won: 0, lost: 0 });
    const rows = [...this.rows].map(([key, row]) => ({ key, ...row, winRate: share(row.won, row.won + row.lost) }));
    return keys ? keys.map((key) => rows.find((row) => row.key === key)!) : rows.sort((a, b) => b.inquiries - a.inquiries || a.key.localeCompare(b.key));
  }
}

/**
 * Where the period's inquiries came from: by channel (the visit's utm or referrer, src/shared/reports.ts
 * channelOf), by campaign (utm_source / utm_campaign), page language, floor (the space asked about, else
 * each desired floor: a two-floor inquiry counts on both, so floors may add up to more than the total) and
 * use, each with its win rate (won of those decided). An empty key means not given.
 */
export async function sourcesReport(db: Db, period: Period): Promise<SourcesReport> {
  const { rows } = await sql<Group>`
    select i.source -> 'utm' ->> 'utm_source' as utm_source, i.source -> 'utm' ->> 'utm_campaign' as utm_campaign,
      lower(substring(i.source ->> 'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/:?#]+)')) as host,
      i.locale, i.business_type as use,
      case when i.unit_floor is not null then array[i.unit_floor] else i.desired_floors end as floors,
      count(*)::int as n, count(*) filter (where i.status = 'won')::int as won, count(*) filter (where i.status = 'lost')::int as lost
    from inquiries i where ${within(sql.ref('i.created_at'), period)}
    group by 1, 2, 3, 4, 5, 6`.execute(db);
  const channels = new Tally();
  const campaigns = new Tally();
  const languages = new Tally();
  const floors = new Tally();
  const uses = new Tally();
  let total = 0;
  for (const group of rows) {
    total += group.n;
    const channel = channelOf({ utmSource: group.utmSource, utmCampaign: group.utmCampaign, referrerHost: group.host });
    channels.add(channel, group);
    if (channel === 'campaign') campaigns.add(`${group.utmSource ?? ''} / ${group.utmCampaign ?? ''}`, group);
    languages.add(group.locale ?? '', group);
    uses.add(group.use ?? '', group);
    const asked = group.floors?.length ? group.floors : [''];
    for (const floor of new Set(asked)) floors.add(floor, group);
  }
  return { total, channels: channels.list(CHANNELS), campaigns: campaigns.list(), languages: languages.list(), floors: floors.list(), uses: uses.list() };
}
