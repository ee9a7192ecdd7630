import { sql } from 'kysely';
import type { AuditEvent, AuditRef } from '../../shared/audit.ts';
import { inquiryReference } from '../../shared/inquiry-basics.ts';
import { maskName } from '../../shared/masking.ts';
import type { Db } from '../db/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id an entry names: its own record's and any among its values (an assignee, a host, a tour's spaces). */
function idsOf(event: AuditEvent): string[] {
  const ids: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string' && UUID.test(value)) ids.push(value.toLowerCase());
    else if (Array.isArray(value)) value.forEach(visit);
  };
  visit(event.entityId);
  for (const [before, after] of Object.values(event.changes)) {
    visit(before);
    visit(after);
  }
  return ids;
}

/**
 * The activity log's entries with the records they name, read in one query per kind for the whole page:
 * people by name, spaces by floor and number, inquiries by the inquirer's name (masked when `masked`) and
 * reference, brands by name, tours by their inquiry and start, proposals (and their links and approval rounds) by
 * their version and inquiry. The log itself keeps ids (it is append-only
 * and outlives renames); the names are today's.
 */
export async function withRefs(db: Db, events: AuditEvent[], masked: boolean): Promise<AuditEvent[]> {
  const ids = [...new Set(events.flatMap(idsOf))];
  if (ids.length === 0) return events;
  const list = sql`${ids}::uuid[]`;
  const [users, units, inquiries, brands, tours, proposals] = await Promise.all([
    db.selectFrom('users').select(['id', 'displayName', 'username']).where(sql<boolean>`id = any(${list})`).execute(),
    db.selectFrom('units').select(['id', 'floor', 'unitNumber']).where(sql<boolean>`id = any(${list})`).execute(),
    db.selectFrom('inquiries').select(['id', 'name']).where(sql<boolean>`id = any(${list})`).execute(),
    db.selectFrom('brands').select(['id', 'name', 'slug']).where(sql<boolean>`id = any(${list})`).execute(),
    db
      .selectFrom('tours as t')
      .innerJoin('inquiries as i', 'i.id', 't.inquiryId')
      .select(['t.id', 't.startsAt', 't.inquiryId', 'i.name'])
      .where(sql<boolean>`t.id = any(${list})`)
      .execute(),
    // A proposal, a proposal's link (its expiry, revocation, answer) or an approval round: each named by the version.
    sql<{ id: string; version: number; inquiryId: string; name: string | null }>`
      select x.id, p.version, p.inquiry_id as "inquiryId", i.name
      from (
        select id, id as proposal_id from proposals where id = any(${list})
        union all select id, proposal_id from proposal_links where id = any(${list})
        union all select id, proposal_id from proposal_approvals where id = any(${list})
      ) x join proposals p on p.id = x.proposal_id join inquiries i on i.id = p.inquiry_id`
      .execute(db)
      .then((result) => result.rows),
  ]);
  const person = (name: string | null) => (name === null ? null : masked ? maskName(name) : name);
  const refs = new Map<string, AuditRef>();
  for (const user of users) refs.set(user.id, { kind: 'user', name: user.displayName || user.username });
  for (const unit of units) refs.set(unit.id, { kind: 'unit', floor: unit.floor, unitNumber: unit.unitNumber });
  for (const inquiry of inquiries) refs.set(inquiry.id, { kind: 'inquiry', name: person(inquiry.name), reference: inquiryReference(inquiry.id) });
  for (const brand of brands) refs.set(brand.id, { kind: 'brand', name: brand.name, slug: brand.slug });
  for (const tour of tours) {
    refs.set(tour.id, { kind: 'tour', startsAt: new Date(tour.startsAt).toISOString(), inquiryId: tour.inquiryId, name: person(tour.name), reference: inquiryReference(tour.inquiryId) });
  }
  for (const proposal of proposals) {
    refs.set(proposal.id, { kind: 'proposal', version: proposal.version, inquiryId: proposal.inquiryId, name: person(proposal.name), reference: inquiryReference(proposal.inquiryId) });
  }
  return events.map((event) => {
    const named = Object.fromEntries(idsOf(event).flatMap((id) => (refs.has(id) ? [[id, refs.get(id)!]] : [])));
    return Object.keys(named).length > 0 ? { ...event, refs: named } : event;
  });
}
