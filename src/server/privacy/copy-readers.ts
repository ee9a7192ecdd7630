import { sql } from 'kysely';
import { proposalAuditRows } from '../proposals/privacy.ts';
import { PREFERRED_CONTACTS } from '../../shared/inquiry-basics.ts';
import { findInquiry, inquiryDetail } from '../inquiries/queries.ts';
import { objectMetadata } from '../objects/storage.ts';
import { copyDay, copyTime, floorLabel, languageName, spaceName, type CopyContext, type CopyLine, type DestroyTarget } from './copy-values.ts';
import { lostReasonLabel } from '../../shared/lost-reasons.ts';

/**
 * What each entry of the personal-data map shows in the access copy (열람) of one inquiry: its `copy` (personal-data.ts)
 * is one of these. Values are in the requester's language; an entry that holds nothing for the inquiry gives [].
 */

const line = (label: string, value: string | null | undefined): CopyLine[] => (value ? [{ label, value }] : []);

/** The attached files: their names (and that they are kept as sent). */
export async function copyOfAttachments(target: DestroyTarget, { t }: CopyContext): Promise<CopyLine[]> {
  const lines: CopyLine[] = [];
  for (const path of target.attachments) {
    const metadata = await objectMetadata(path);
    lines.push({ label: t('privacyRequests.fields.attachment'), value: metadata?.filename ?? path });
  }
  return lines;
}

/** The inquiry's own fields, the space asked about, how the visitor came, the notice and marketing choices, where it stands. */
export async function copyOfInquiry(target: DestroyTarget, { db, t, locale }: CopyContext): Promise<CopyLine[]> {
  const inquiry = await findInquiry(db, target.id);
  if (!inquiry) return [];
  const f = (key: string) => t(`privacyRequests.fields.${key}`);
  const c = (key: string) => t(`privacyRequests.copy.fields.${key}`);
  const area = inquiry.desiredAreaM2;
  const areaText = area && (area.min !== null || area.max !== null) ? `${area.min ?? ''}–${area.max ?? ''} m²` : null;
  const contact = inquiry.preferredContact && (PREFERRED_CONTACTS as readonly string[]).includes(inquiry.preferredContact)
    ? t(inquiry.preferredContact === 'phone' ? 'inquiryExtra.contactPhone' : 'inquiryExtra.contactEmail')
    : null;
  const source = inquiry.source;
  const utm = source ? Object.entries(source.utm ?? {}).filter(([, value]) => value).map(([key, value]) => `${key}=${value}`).join(', ') : '';
  const answer = t(inquiry.marketingConsent ? 'privacyRequests.mail.yes' : 'privacyRequests.mail.no');
  return [
    ...line(c('receivedAt'), copyTime(inquiry.createdAt, locale)),
    ...line(f('name'), inquiry.name),
    ...line(f('email'), inquiry.email),
    ...line(f('phone'), inquiry.phone),
    ...line(f('company'), inquiry.company),
    ...line(f('businessType'), inquiry.businessType ? t(`brands.category.${inquiry.businessType}`) : null),
    ...line(c('space'), inquiry.unit ? spaceName(inquiry.unit.floor, inquiry.unit.unitNumber, t) : null),
    ...line(f('desiredFloors'), inquiry.desiredFloors.map((floor) => floorLabel(floor, t)).join(', ')),
    ...line(c('desiredArea'), areaText),
    ...line(f('moveInDate'), inquiry.moveInDate ? copyDay(inquiry.moveInDate, locale) : null),
    ...line(f('preferredContact'), contact),
    ...line(f('message'), inquiry.message),
    ...line(f('locale'), inquiry.locale ? languageName(inquiry.locale, locale) : null),
    ...line(c('source'), source ? [source.path ? `${c('sourcePage')}: ${source.path}` : null, source.referrer ? `${c('sourceReferrer')}: ${source.referrer}` : null, utm || null].filter(Boolean).join('\n') : null),
    ...line(c('notice'), inquiry.privacyNoticeVersion ? t('privacyRequests.copy.fields.noticeValue', { version: copyDay(inquiry.privacyNoticeVersion, locale), at: inquiry.privacyNoticeAt ? copyTime(inquiry.privacyNoticeAt, locale) : '—' }) : null),
    ...line(f('marketingConsent'), inquiry.marketingConsentAt ? t('privacyRequests.copy.fields.marketingValue', { answer, at: copyTime(inquiry.marketingConsentAt, locale) }) : answer),
    ...line(c('status'), t(`privacyRequests.mail.status.${inquiry.status}`)),
    ...line(c('assignee'), inquiry.assignee?.name),
    ...line(c('nextStep'), inquiry.nextStepOn ? copyDay(inquiry.nextStepOn, locale) : null),
  ];
}

/** The handling, entry by entry: status changes, notes, lost reasons, assignments and next steps, when and by whom. */
export async function copyOfHistory(target: DestroyTarget, { db, t, locale }: CopyContext): Promise<CopyLine[]> {
  const detail = await inquiryDetail(db, target.id);
  if (!detail) return [];
  return detail.history.flatMap((entry) => {
    const parts = [
      entry.status ? t('privacyRequests.copy.history.status', { status: t(`privacyRequests.mail.status.${entry.status}`) }) : null,
      entry.note ? t('privacyRequests.copy.history.note', { note: entry.note }) : null,
      entry.lostReason ? t('privacyRequests.copy.history.lostReason', { reason: lostReasonLabel(t, entry.lostReason, entry.lostReasonText) }) : null,
      entry.assignee !== undefined ? (entry.assignee ? t('privacyRequests.copy.history.assigned', { name: entry.assignee.name }) : t('privacyRequests.copy.history.unassigned')) : null,
      entry.nextStepOn !== undefined ? (entry.nextStepOn ? t('privacyRequests.copy.history.nextStep', { day: copyDay(entry.nextStepOn, locale) }) : t('privacyRequests.copy.history.nextStepCleared')) : null,
    ].filter((part): part is string => Boolean(part));
    if (parts.length === 0) return [];
    const by = entry.by ? ` — ${t('privacyRequests.copy.fields.by', { name: entry.by.name })}` : '';
    return [{ label: `${copyTime(entry.at, locale)}${by}`, value: parts.join('\n') }];
  });
}

/** The notifications about it (which kind, when): the outbox rows the destruction deletes. */
export async function copyOfOutbox(target: DestroyTarget, { db, t, locale }: CopyContext): Promise<CopyLine[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['channel', 'createdAt', 'sentAt'])
    .where((eb) => eb.or([eb('inquiryId', '=', target.id), sql<boolean>`payload->>'inquiryId' = ${target.id}`]))
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => ({ label: copyTime(row.sentAt ?? row.createdAt, locale), value: t(`privacyRequests.copy.outbox.${row.channel}`) }));
}

/** Its site visits: when, which spaces, with whom, how it went, and the texts written about them. */
export async function copyOfTours(target: DestroyTarget, { db, t, locale }: CopyContext): Promise<CopyLine[]> {
  const tours = await db
    .selectFrom('tours as tour')
    .innerJoin('users as host', 'host.id', 'tour.hostId')
    .select(['tour.startsAt', 'tour.status', 'tour.unitIds', 'tour.meetingPoint', 'tour.messageToProspect', 'tour.internalNotes', 'tour.feedback', 'tour.nextStep', 'tour.cancelReason', 'host.displayName', 'host.username'])
    .where('tour.inquiryId', '=', target.id)
    .orderBy('tour.startsAt')
    .execute();
  const unitIds = [...new Set(tours.flatMap((tour) => tour.unitIds))];
  const units = unitIds.length ? await db.selectFrom('units').select(['id', 'floor', 'unitNumber']).where('id', 'in', unitIds).execute() : [];
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const k = (key: string) => t(`privacyRequests.copy.tours.${key}`);
  return tours.map((tour) => ({
    label: `${k('when')}: ${copyTime(tour.startsAt, locale)}`,
    value: [
      `${k('status')}: ${t(`tours.status.${tour.status}`)}`,
      `${k('spaces')}: ${tour.unitIds.map((id) => byId.get(id)).filter((unit) => unit !== undefined).map((unit) => spaceName(unit.floor, unit.unitNumber, t)).join(', ')}`,
      `${k('host')}: ${tour.displayName || tour.username}`,
      ...(tour.meetingPoint ? [`${k('meetingPoint')}: ${tour.meetingPoint}`] : []),
      ...(tour.messageToProspect ? [`${k('messageToProspect')}: ${tour.messageToProspect}`] : []),
      ...(tour.internalNotes ? [`${k('internalNotes')}: ${tour.internalNotes}`] : []),
      ...(tour.feedback ? [`${k('feedback')}: ${tour.feedback}`] : []),
      ...(tour.nextStep ? [`${k('nextStep')}: ${tour.nextStep}`] : []),
      ...(tour.cancelReason ? [`${k('cancelReason')}: ${tour.cancelReason}`] : []),
    ].join('\n'),
  }));
}

/** An undo copy of the inquiry (none is written today): said when one exists. */
export async function copyOfUndo(target: DestroyTarget, { db, t, locale }: CopyContext): Promise<CopyLine[]> {
  const rows = await db.selectFrom('deletedRecords').select('deletedAt').where('entity', '=', 'inquiry').where('id', '=', target.id).execute();
  return rows.map((row) => ({ label: t('privacyRequests.copy.sections.undo'), value: copyTime(row.deletedAt, locale) }));
}

/** The activity log's entries about it and its tours: how many (their values are the ones shown above). */
export async function copyOfActivity(target: DestroyTarget, { db, t }: CopyContext): Promise<CopyLine[]> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from audit_events
    where (entity = 'inquiry' and entity_id = ${target.id})
       or (entity = 'tour' and entity_id in (select id::text from tours where inquiry_id = ${target.id}))
       or ${proposalAuditRows(target.id)}`.execute(db);
  const n = rows[0]?.n ?? 0;
  return n > 0 ? [{ label: t('privacyRequests.copy.sections.activity'), value: t('privacyRequests.copy.activity.count', { n }) }] : [];
}
