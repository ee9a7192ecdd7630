import { sql } from 'kysely';
import { ASSIGNABLE_ROLES } from '../../shared/roles.ts';
import type { TeamReport, TeamRow } from '../../shared/reports.ts';
import type { Db } from '../db/index.ts';
import { reminderHours } from '../inquiries/response-time.ts';
import { within, type Period } from './period.ts';
import { byResponder, responsesIn } from './speed.ts';
import { toursHeldByHost } from './tours.ts';

/**
 * Per person, what they did in the period (from the history's times and people): inquiries assigned to
 * them, inquiries they moved to contacted, to proposal and to won, tours they held (once tours exist),
 * and the median office minutes of their first responses to the period's inquiries. Everyone who can be
 * assigned is listed (with zeros), and anyone else who did something.
 */
export async function teamReport(db: Db, period: Period): Promise<TeamReport> {
  const at = within(sql.ref('h.at'), period);
  const [actions, people, responses, targetHours, tours] = await Promise.all([
    sql<{ person: string; assigned: number; contacted: number; proposals: number; won: number }>`
      select person, count(distinct inquiry_id) filter (where kind = 'assigned')::int as assigned,
        count(distinct inquiry_id) filter (where kind = 'contacted')::int as contacted,
        count(distinct inquiry_id) filter (where kind = 'proposal')::int as proposals,
        count(distinct inquiry_id) filter (where kind = 'won')::int as won
      from (
        select h.inquiry_id, case when h.assigned then h.assignee_id else h.actor_id end as person,
          case when h.assigned then 'assigned' else h.status end as kind
        from inquiry_history h
        where ${at} and ((h.assigned and h.assignee_id is not null) or (h.status in ('contacted', 'proposal', 'won') and h.actor_id is not null))
      ) done group by person`.execute(db),
    sql<{ id: string; name: string; role: string; active: boolean }>`
      select id, coalesce(nullif(display_name, ''), username) as name, role, active from users`.execute(db),
    responsesIn(db, period),
    reminderHours(db),
    toursHeldByHost(db, period),
  ]);
  const done = new Map(actions.rows.map((row) => [row.person, row]));
  const speed = new Map(byResponder(responses, targetHours, period.now).map((row) => [row.userId, row.medianFirstResponseMinutes]));
  const rows: TeamRow[] = people.rows
    .filter((person) => (person.active && (ASSIGNABLE_ROLES as readonly string[]).includes(person.role)) || done.has(person.id) || speed.has(person.id) || tours?.has(person.id))
    .map((person) => {
      const row = done.get(person.id);
      return {
        userId: person.id,
        name: person.name,
        assigned: row?.assigned ?? 0,
        contacted: row?.contacted ?? 0,
        toursHeld: tours?.get(person.id) ?? 0,
        proposals: row?.proposals ?? 0,
        won: row?.won ?? 0,
        medianFirstResponseMinutes: speed.get(person.id) ?? null,
      };
    })
    .sort((a, b) => b.won - a.won || b.assigned - a.assigned || a.name.localeCompare(b.name));
  return { people: rows, toursRecorded: tours !== null };
}
