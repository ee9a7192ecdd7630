import { sql } from 'kysely';
import { ASSIGNABLE_ROLES } from '../../shared/roles.ts';
import type { TeamReport, TeamRow } from '../../shared/reports.ts';
import type { Db } from '../db/index.ts';
import { reminderHours } from '../inquiries/response-time.ts';
import { within, type Period } from './period.ts';
import { responseFigures } from './speed.ts';
import { toursHeldByHost } from './tours.ts';

/**
 * Per person, what they did in the period (from the history's times and people): inquiries assigned to
 * them, inquiries they moved to contacted, to proposal and to won, tours they held (once tours exist),
 * and the median office minutes of their first responses to the period's inquiries. Everyone who can be
 * assigned is listed (with zeros), and anyone else who did something.
 */
export async function teamReport(db: Db, period: Period): Promise<TeamReport> {
  const at = within(sql.ref('h.at'), period);
  const targetHours = await reminderHours(db);
  const [actions, people, responses, tours] = await Promise.all([
    // Each inquiry once per person and kind: one hashed pass over (person, inquiry) with a flag per kind, then
    // counted per person — not count(distinct) per kind, which sorted the period's history once for each kind.
    sql<{ person: string; assigned: number; contacted: number; proposals: number; won: number }>`
      select person, count(*) filter (where assigned)::int as assigned, count(*) filter (where contacted)::int as contacted,
        count(*) filter (where proposal)::int as proposals, count(*) filter (where won)::int as won
      from (
        select case when h.assigned then h.assignee_id else h.actor_id end as person, h.inquiry_id,
          bool_or(h.assigned) as assigned, bool_or(not h.assigned and h.status = 'contacted') as contacted,
          bool_or(not h.assigned and h.status = 'proposal') as proposal, bool_or(not h.assigned and h.status = 'won') as won
        from inquiry_history h
        where ${at} and ((h.assigned and h.assignee_id is not null) or (h.status in ('contacted', 'proposal', 'won') and h.actor_id is not null))
        group by 1, 2
      ) done group by person`.execute(db),
    sql<{ id: string; name: string; role: string; active: boolean }>`
      select id, coalesce(nullif(display_name, ''), username) as name, role, active from users`.execute(db),
    responseFigures(db, period, targetHours, ['person']),
    toursHeldByHost(db, period),
  ]);
  const done = new Map(actions.rows.map((row) => [row.person, row]));
  const speed = new Map(responses.people.map((row) => [row.userId, row.medianFirstResponseMinutes]));
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
